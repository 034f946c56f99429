import ContentCopyIcon from '@mui/icons-material/ContentCopy'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'

import { TEXTS } from '@shared/texts'

import { copyToClipboard } from '../lib/clipboard'
import { enqueueSnackbar } from '../lib/toast'

export interface FriendCodeButtonProps {
  friendCode: string
}

/**
 * The user's own friend code as a tile; clicking copies it and says "Friend code copied to clipboard."
 * (docs/product.md#messages-catalogue).
 */
export function FriendCodeButton({ friendCode }: FriendCodeButtonProps) {
  const handleCopy = async () => {
    if (await copyToClipboard(friendCode)) enqueueSnackbar(TEXTS.friendCodeCopied, { variant: 'success' })
    else enqueueSnackbar('Your browser did not allow copying. Please copy the code by hand.', { variant: 'warning' })
  }

  return (
    <ButtonBase
      onClick={handleCopy}
      // The name starts with what the button shows; the spelled-out code lets a screen reader read it letter by letter.
      aria-label={`Your friend code ${friendCode} (${friendCode.split('').join(' ')}). Copy it`}
      sx={{
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        px: 2,
        py: 1.5,
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        width: '100%',
        textAlign: 'left',
      }}
    >
      <Box>
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Your friend code
        </Typography>{' '}
        <Typography
          variant="h5"
          component="span"
          sx={{ display: 'block', letterSpacing: 4, fontFamily: 'monospace', fontWeight: 700 }}
        >
          {friendCode}
        </Typography>
      </Box>
      <ContentCopyIcon color="action" aria-hidden />
    </ButtonBase>
  )
}
