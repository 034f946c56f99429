import AutoStoriesIcon from '@mui/icons-material/AutoStories'
import ExploreIcon from '@mui/icons-material/Explore'
import ShareIcon from '@mui/icons-material/Share'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import Paper from '@mui/material/Paper'
import { keyframes } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { useEffect, type ReactNode } from 'react'
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom'

import { PRODUCT_TAGLINE } from '@shared/constants'

import { CardImage } from '../../components/CardImage'
import { RarityBadge } from '../../components/RarityBadge'
import { REGISTRATION_CACHE_KEY, RegistrationForm } from '../../components/RegistrationForm'
import { usePageTitle } from '../../components/usePageTitle'
import { useRegisterMutation, selectLoggedIn } from '../../features/session/api'
import { STORAGE_KEYS, writeStorage } from '../../lib/storage'
import { useAppSelector } from '../hooks'
import { paths } from '../paths'

import { SAMPLE_CARDS, SAMPLE_MEMORIES } from './homeContent'

const float = keyframes`
  0%, 100% { transform: translateY(0) rotate(var(--tilt)); }
  50% { transform: translateY(-10px) rotate(calc(var(--tilt) * -1)); }
`

interface IntroBlockProps {
  icon: ReactNode
  title: string
  text: string
}

function IntroBlock({ icon, title, text }: IntroBlockProps) {
  return (
    <Box sx={{ flex: 1, minWidth: 240, p: 3 }}>
      <Box sx={{ color: 'secondary.main', mb: 1, '& svg': { fontSize: 44 } }}>{icon}</Box>
      <Typography variant="h5" component="h3" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  )
}

function SignUpPanel({ friendCode, idPrefix, heading }: { friendCode: string; idPrefix: string; heading: string }) {
  const [register, { isLoading }] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  return (
    <Paper elevation={3} sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 420 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {heading}
      </Typography>
      <RegistrationForm
        defaultFriendCode={friendCode}
        idPrefix={idPrefix}
        submitLabel="Sign Up"
        onRegister={(body) => register(body).unwrap()}
        registering={isLoading}
      />
    </Paper>
  )
}

/** Visitors' landing page; logged-in users go to their feed. */
export function HomePage() {
  usePageTitle('Home')
  const loggedIn = useAppSelector(selectLoggedIn)
  const [, registration] = useRegisterMutation({ fixedCacheKey: REGISTRATION_CACHE_KEY })
  const [searchParams] = useSearchParams()
  const friendCode = searchParams.get('r') ?? ''
  const ref = searchParams.get('ref')

  useEffect(() => {
    if (ref) writeStorage(STORAGE_KEYS.referralCode, ref)
  }, [ref])

  // A user who just signed up here is on the way to /welcome; anyone else logged in goes to the feed.
  if (loggedIn) return registration.isUninitialized ? <Navigate to={paths.feed.href()} replace /> : null

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 5, md: 8 } }}>
      <Box
        component="section"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 4,
          alignItems: 'center',
          pt: { md: 2 },
        }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.2rem', md: '3.2rem' }, lineHeight: 1.1 }}>
            Every place you love, as a card you keep.
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color="text.secondary"
            sx={{ mt: 2, fontFamily: 'inherit', fontWeight: 400, maxWidth: '60ch' }}
          >
            {PRODUCT_TAGLINE}. Collect cities, states and countries in five rarities, write your travel memories on
            them, and share the journey with friends.
          </Typography>
        </Box>
        <SignUpPanel friendCode={friendCode} idPrefix="hero" heading="Start your collection" />
      </Box>

      <Box component="section" aria-labelledby="rarities-heading">
        <Typography id="rarities-heading" variant="h3" component="h2" sx={{ textAlign: 'center', mb: 1 }}>
          Five rarities, one world
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
          Every place comes in Common, Special, Rare, Epic and Legendary.
        </Typography>
        {/* Half-column tracks below md so an incomplete last row of samples sits centred instead of hanging left. */}
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(4, 1fr)', sm: 'repeat(6, 1fr)', md: 'repeat(5, 1fr)' },
            gap: { xs: 2, md: 3 },
          }}
        >
          {SAMPLE_CARDS.map((card, index) => (
            <Box
              key={card.imageId}
              sx={{
                gridColumn: {
                  xs: SAMPLE_CARDS.length % 2 === 1 && index === SAMPLE_CARDS.length - 1 ? '2 / span 2' : 'span 2',
                  sm: SAMPLE_CARDS.length % 3 === 2 && index === SAMPLE_CARDS.length - 2 ? '2 / span 2' : 'span 2',
                  md: 'auto',
                },
                '--tilt': `${index % 2 === 0 ? -2 : 2}deg`,
                animation: `${float} ${5 + index * 0.4}s ease-in-out ${index * 0.3}s infinite`,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 1,
              }}
            >
              <CardImage imageId={card.imageId} name={card.name} rarity={card.rarity} eager />
              <RarityBadge rarity={card.rarity} />
            </Box>
          ))}
        </Box>
      </Box>

      <Box component="section" aria-label="How it works" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <IntroBlock
          icon={<ExploreIcon />}
          title="Discover cards"
          text="Hundreds of real places, each with its own facts, outline and flag. Pick the ones you know or draw a surprise."
        />
        <IntroBlock
          icon={<AutoStoriesIcon />}
          title="Capture memories"
          text="Write on the cards you own: trip dates, a journal, pictures and the friends who were there."
        />
        <IntroBlock
          icon={<ShareIcon />}
          title="Share adventures"
          text="Add friends with a code, like and comment on their memories, and share your best draws."
        />
      </Box>

      <Box component="section" aria-labelledby="memories-heading">
        <Typography id="memories-heading" variant="h3" component="h2" sx={{ textAlign: 'center', mb: 4 }}>
          Memories travellers keep
        </Typography>
        {/* Three side-by-side tiles only from lg: at 768 px a third of the width leaves the text a single word wide. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' }, gap: 3 }}>
          {SAMPLE_MEMORIES.map((memory) => (
            <Card
              key={memory.imageId}
              variant="outlined"
              sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }}
            >
              <Box sx={{ width: 96, flexShrink: 0 }}>
                <CardImage imageId={memory.imageId} name={memory.cardName} rarity={memory.rarity} />
              </Box>
              <CardContent sx={{ p: 0, minWidth: 0, overflowWrap: 'anywhere', '&:last-child': { pb: 0 } }}>
                <Typography variant="subtitle2" color="text.secondary">
                  @{memory.author} · {memory.dates}
                </Typography>
                <Typography variant="h6" component="h3">
                  {memory.cardName}
                </Typography>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {memory.text}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Box>

      <Box
        component="section"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 4,
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <SignUpPanel friendCode={friendCode} idPrefix="footer" heading="Join Wandercards" />
        <Box sx={{ textAlign: 'center', maxWidth: 360 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            Not sure yet?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Draw a card for free — no account needed.{' '}
            <Link component={RouterLink} to={paths.freeDraw.href()} underline="always">
              Open the free draw
            </Link>
            .
          </Typography>
          <Button component={RouterLink} to={paths.freeDraw.href()} variant="contained" color="secondary" size="large">
            Try your luck, draw a card for free!
          </Button>
        </Box>
      </Box>
    </Box>
  )
}
