import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import HelpOutlineIcon from '@mui/icons-material/HelpOutline'
import Box from '@mui/material/Box'
import Fab from '@mui/material/Fab'
import IconButton from '@mui/material/IconButton'
import type { Theme } from '@mui/material/styles'
import Tooltip from '@mui/material/Tooltip'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { selectLoggedIn } from '../../features/session/slice'
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

const LABEL = 'Not Finding What You Want?'

/** The floating content-request button; whether it is collapsed is remembered on this device. */
export function NotFindingButton() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true })
  const stored = readStorage(STORAGE_KEYS.contentButtonCollapsed)
  // Until the user chooses, the wide button would cover content on a phone, so it starts collapsed there.
  const [collapsed, setCollapsed] = useState(() => (stored === null ? phone : stored === 'true'))
  if (!loggedIn) return null

  const toggle = (next: boolean) => {
    setCollapsed(next)
    writeStorage(STORAGE_KEYS.contentButtonCollapsed, String(next))
  }

  return (
    <Box
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
      }}
    >
      {collapsed ? (
        <Tooltip title={LABEL}>
          <Fab size="small" color="secondary" aria-label={`Expand: ${LABEL}`} onClick={() => toggle(false)}>
            <HelpOutlineIcon />
          </Fab>
        </Tooltip>
      ) : (
        <>
          <Fab
            variant="extended"
            color="secondary"
            component={RouterLink}
            to={paths.requestNewContent.href()}
            sx={{ boxShadow: 3 }}
          >
            <HelpOutlineIcon sx={{ mr: 1 }} />
            {LABEL}
          </Fab>
          <IconButton
            size="small"
            aria-label="Collapse the content request button"
            onClick={() => toggle(true)}
            sx={{ bgcolor: 'background.paper', boxShadow: 1 }}
          >
            <ChevronRightIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </Box>
  )
}
