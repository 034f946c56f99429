import HelpOutlineIcon from '@mui/icons-material/HelpOutline'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { Link as RouterLink, useLocation } from 'react-router-dom'

import { selectLoggedIn } from '../../features/session/api'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

const LABEL = 'Not Finding What You Want?'

/**
 * The content-request button. It sits in the page's flow, after the content and before the footer, rather than
 * floating over it: a floating button covers whatever control scrolls under it, at every width. Its own page does
 * not show it.
 */
export function NotFindingButton() {
  const loggedIn = useAppSelector(selectLoggedIn)
  const { pathname } = useLocation()
  if (!loggedIn || pathname === paths.requestNewContent.href()) return null

  return (
    <Box
      component="aside"
      aria-label="Content request"
      sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 1.5, sm: 3 }, pb: 2 }}
    >
      <Button
        variant="contained"
        color="secondary"
        component={RouterLink}
        to={paths.requestNewContent.href()}
        startIcon={<HelpOutlineIcon />}
        sx={{ borderRadius: 999 }}
      >
        {LABEL}
      </Button>
    </Box>
  )
}
