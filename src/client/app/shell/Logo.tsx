import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import { PRODUCT_NAME, SMALL_ICON_SIZE } from '@shared/constants'

import { API_BASE_URL } from '../../lib/config'

/** The header's logo: home for visitors and on wide screens, the wallet on a logged-in phone. */
export function Logo({ to, compact, showName = !compact }: { to: string; compact: boolean; showName?: boolean }) {
  return (
    <ButtonBase
      component={RouterLink}
      to={to}
      aria-label={compact ? `${PRODUCT_NAME}: my wallet` : `${PRODUCT_NAME} home`}
      sx={{ borderRadius: 2, px: 0.5, gap: 1 }}
    >
      <Box
        component="img"
        src={`${API_BASE_URL}/image/icon.png?size=${SMALL_ICON_SIZE}`}
        alt=""
        width={36}
        height={36}
        sx={{ borderRadius: 1.5 }}
      />
      {showName && (
        <Typography variant="h6" component="span" sx={{ color: 'inherit' }}>
          {PRODUCT_NAME}
        </Typography>
      )}
    </ButtonBase>
  )
}
