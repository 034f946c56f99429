import MoreVertIcon from '@mui/icons-material/MoreVert'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useId, useState } from 'react'

import { BLOCK_TEXTS } from '@shared/blocks'

import { enqueueSnackbar } from '../../../lib/toast'
import {
  useBlockTravellerMutation,
  useGetMutedTravellersQuery,
  useMuteTravellerMutation,
  useUnmuteTravellerMutation,
} from '../api'

export interface BlockMenuProps {
  travellerId: string
  username: string
  size?: 'small' | 'medium'
}

/**
 * The "More" button beside a traveller, with Block (after a dialog that says what blocking does) and Mute or Unmute
 * (docs/product.md#blocking). The screens that show the traveller's content fetch again and leave it out.
 */
export function BlockMenu({ travellerId, username, size = 'medium' }: BlockMenuProps) {
  const menuId = useId()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const [confirming, setConfirming] = useState(false)
  const { data: muted } = useGetMutedTravellersQuery(undefined, { skip: !anchor })
  const [block, { isLoading: blocking }] = useBlockTravellerMutation()
  const [mute] = useMuteTravellerMutation()
  const [unmute] = useUnmuteTravellerMutation()
  const isMuted = muted?.some((traveller) => traveller.userId === travellerId) ?? false

  const handleBlock = async () => {
    const done = await block({ travellerId })
      .unwrap()
      .then(() => true)
      .catch(() => false)
    setConfirming(false)
    if (done) enqueueSnackbar(BLOCK_TEXTS.blocked(username), { variant: 'success' })
  }

  const handleMute = async () => {
    setAnchor(null)
    const change = isMuted ? unmute : mute
    const done = await change({ travellerId })
      .unwrap()
      .then(() => true)
      .catch(() => false)
    if (done)
      enqueueSnackbar(isMuted ? BLOCK_TEXTS.unmuted(username) : BLOCK_TEXTS.muted(username), { variant: 'success' })
  }

  return (
    <>
      <IconButton
        size={size}
        aria-label={BLOCK_TEXTS.moreActions(username)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize={size === 'small' ? 'small' : 'medium'} />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor != null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void handleMute()}>
          {isMuted ? BLOCK_TEXTS.unmute(username) : BLOCK_TEXTS.mute(username)}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null)
            setConfirming(true)
          }}
        >
          {BLOCK_TEXTS.block(username)}
        </MenuItem>
      </Menu>
      <Dialog
        open={confirming}
        onClose={blocking ? undefined : () => setConfirming(false)}
        aria-labelledby={`${menuId}-title`}
        aria-describedby={`${menuId}-text`}
        maxWidth="xs"
      >
        <DialogTitle id={`${menuId}-title`}>{BLOCK_TEXTS.confirmTitle(username)}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${menuId}-text`}>{BLOCK_TEXTS.confirmText(username)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={blocking}>
            {BLOCK_TEXTS.cancel}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => void handleBlock()}
            disabled={blocking}
            startIcon={blocking ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {BLOCK_TEXTS.confirmBlock}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  )
}
