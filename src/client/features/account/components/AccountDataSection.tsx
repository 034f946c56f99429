import DeleteForeverIcon from '@mui/icons-material/DeleteForever'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/account'
import type { User } from '@shared/session'

import { DeleteAccountDialog } from './DeleteAccountDialog'
import { DownloadMyData } from './DownloadMyData'

/** "Your data" on My Account: the export and the deletion of the account (docs/product.md#account-data). */
export function AccountDataSection({ user }: { user: User }) {
  const [deleting, setDeleting] = useState(false)
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="account-data-title"
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id="account-data-title">
        Your data
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DownloadMyData />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            Delete my account
          </Typography>
          <Typography color="text.secondary">
            Your account and everything in it is deleted {ACCOUNT_DELETION_GRACE_DAYS} days after you ask. Logging in
            during those {ACCOUNT_DELETION_GRACE_DAYS} days cancels the deletion.
          </Typography>
          <Button variant="outlined" color="error" startIcon={<DeleteForeverIcon />} onClick={() => setDeleting(true)}>
            Delete My Account
          </Button>
        </Box>
      </Box>
      {deleting && <DeleteAccountDialog user={user} onClose={() => setDeleting(false)} />}
    </Paper>
  )
}
