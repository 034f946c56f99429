import AutoStoriesIcon from '@mui/icons-material/AutoStories'
import ExploreIcon from '@mui/icons-material/Explore'
import ShareIcon from '@mui/icons-material/Share'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Link from '@mui/material/Link'
import { keyframes } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import { CardImage } from '../../components/CardImage'
import { RarityBadge } from '../../components/RarityBadge'
import { TextWithDates } from '../../components/TextWithDates'
import { paths } from '../../lib/paths'

import { SAMPLE_CARDS, SAMPLE_MEMORIES } from './homeContent'
import { SignUpPanel } from './SignUpPanel'

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

/**
 * The home page below its first screen: the rarities, how it works, sample memories and a second sign-up. A chunk of
 * its own, so the hero and its form render without waiting for it.
 */
export function HomeShowcase({ friendCode }: { friendCode: string }) {
  return (
    <>
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
                  @{memory.author} · <TextWithDates text={memory.dates} />
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
    </>
  )
}
