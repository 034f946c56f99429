import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import HelpOutlineIcon from '@mui/icons-material/HelpOutline'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { useState } from 'react'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { selectLoggedIn } from '../../features/session/api'
import { useAppSelector } from '../../lib/hooks'
import { paths } from '../../lib/paths'
import { readStorage, writeStorage } from '../../lib/storage'

const LABEL = 'Not Finding What You Want?'
const LINK_ID = 'content-request-link'
/**
 * Whether the traveller collapsed the button (docs/product.md#data-local-storage). Kept here rather than in
 * `STORAGE_KEYS`, so the first load of the app, which shows no button, does not carry it.
 */
export const COLLAPSED_KEY = 'wandercards.contentRequestButtonCollapsed'

/**
 * The content-request button (docs/product.md#content-request-button). It sits in the page's flow, after the content
 * and before the footer, rather than floating over it: a floating button covers whatever control scrolls under it, at
 * every width. It can be collapsed to a small round button, remembered on this device; its own page does not show it.
 */
export function NotFindingButton() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const { pathname } = useLocation()
  const [collapsed, setCollapsed] = useState(() => readStorage(COLLAPSED_KEY) === 'true')
  if (!loggedIn || pathname === paths.requestNewContent.href()) return null

  const toggle = () => {
    setCollapsed(!collapsed)
    writeStorage(COLLAPSED_KEY, String(!collapsed))
  }
  const toggleLabel = collapsed ? `Show: ${LABEL}` : `Hide: ${LABEL}`

  return (
    <Box
      component="aside"
      aria-label="Content request"
      sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, px: { xs: 1.5, sm: 3 }, pb: 2 }}
    >
      {!collapsed && (
        <Button
          id={LINK_ID}
          variant="contained"
          color="secondary"
          component={RouterLink}
          to={paths.requestNewContent.href()}
          startIcon={<HelpOutlineIcon />}
          sx={{ borderRadius: 999 }}
        >
          {LABEL}
        </Button>
      )}
      {/* One element in both states, so the focus stays on it when it is pressed. */}
      <Tooltip title={toggleLabel}>
        <IconButton
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          aria-controls={collapsed ? undefined : LINK_ID}
          onClick={toggle}
          size={collapsed ? 'medium' : 'small'}
          sx={
            collapsed
              ? { bgcolor: 'secondary.main', color: 'secondary.contrastText', '&:hover': { bgcolor: 'secondary.dark' } }
              : { border: 1, borderColor: 'divider' }
          }
        >
          {collapsed ? <HelpOutlineIcon /> : <ChevronRightIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  )
}
