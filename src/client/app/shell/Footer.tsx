import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { APP_VERSION, COPYRIGHT_YEAR, PRODUCT_NAME } from '@shared/constants'

import { paths } from '../../lib/paths'

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider', mt: 4 }}>
      <Typography variant="body2" color="text.secondary">
        © {COPYRIGHT_YEAR} {PRODUCT_NAME} · version {APP_VERSION}
      </Typography>
      {/* A plain router link: the footer is on the first page, where no more of MUI may load. */}
      <Typography variant="body2" sx={{ mt: 0.5, '& a': { color: 'primary.main' } }}>
        <RouterLink to={paths.about.href()}>About and credits</RouterLink>
        {' · '}
        <RouterLink to={paths.terms.href()}>Terms</RouterLink>
        {' · '}
        <RouterLink to={paths.privacy.href()}>Privacy</RouterLink>
      </Typography>
    </Box>
  )
}
