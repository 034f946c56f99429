import FavoriteIcon from '@mui/icons-material/AutoStories'
import GroupAddIcon from '@mui/icons-material/GroupAdd'
import StyleIcon from '@mui/icons-material/Style'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router-dom'

import { INVITATION_CERTIFICATE_CREDIT } from '@shared/constants'

import { usePageTitle } from '../../components/usePageTitle'
import { formatCredit } from '../../lib/format'
import { paths } from '../../lib/paths'

import { useCurrentUser } from './api'

interface BigLinkProps {
  to: string
  icon: ReactNode
  title: string
  text: string
}

function BigLink({ to, icon, title, text }: BigLinkProps) {
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 220 }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}
      >
        <Box sx={{ color: 'secondary.main', '& svg': { fontSize: 40 } }}>{icon}</Box>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
      </CardActionArea>
    </Card>
  )
}

export interface WelcomePageProps {
  /** The gifts waiting to be redeemed, from the wallet feature (app/routes/WelcomeRoute.tsx). */
  gift?: ReactNode
}

export function WelcomePage({ gift }: WelcomePageProps) {
  usePageTitle('Welcome')
  const username = useCurrentUser().data?.username ?? ''
  const [searchParams] = useSearchParams()
  const invited = searchParams.has('invited')

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h2" component="h1">
          {/* The name arrives with the account, one request after the sign-up. */}
          {username ? `Welcome, ${username}!` : 'Welcome!'}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: '65ch' }}>
          Your travel journal is ready. A welcome certificate is waiting in your wallet — redeem it and start collecting
          the places you love.
        </Typography>
      </Box>
      {invited && (
        <Alert
          severity="success"
          action={
            <Button component={RouterLink} to={paths.myWallet.href()} color="inherit" variant="outlined" size="small">
              Redeem Now
            </Button>
          }
        >
          You joined by invitation, so you received a {formatCredit(INVITATION_CERTIFICATE_CREDIT)}-credit certificate.
          It is in your wallet.
        </Alert>
      )}
      {gift}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <BigLink
          to={paths.acquireCards.href()}
          icon={<StyleIcon />}
          title="Acquire cards"
          text="Pick a place you know or draw a surprise."
        />
        <BigLink
          to={paths.myMemories.href()}
          icon={<FavoriteIcon />}
          title="Write memories"
          text="Dates, pictures and notes on the cards you own."
        />
        <BigLink
          to={paths.myFriends.href()}
          icon={<GroupAddIcon />}
          title="Find friends"
          text="Share your friend code and travel together."
        />
      </Box>
    </Box>
  )
}
