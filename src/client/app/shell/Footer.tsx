import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'

import { APP_VERSION, COPYRIGHT_YEAR, PRODUCT_NAME } from '@shared/constants'

export function Footer() {
  return (
    <Box component="footer" sx={{ py: 3, px: 2, textAlign: 'center', borderTop: 1, borderColor: 'divider', mt: 4 }}>
      <Typography variant="body2" color="text.secondary">
        © {COPYRIGHT_YEAR} {PRODUCT_NAME} · version {APP_VERSION}
      </Typography>
    </Box>
  )
}
