import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useState } from 'react'

import { progressSentence, type Progress, type ProgressFigure } from '@shared/travel'

interface FigureRowProps {
  label: string
  figure: ProgressFigure
}

function FigureRow({ label, figure }: FigureRowProps) {
  const share = figure.places > 0 ? Math.round((figure.collected / figure.places) * 100) : 0
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
        <Typography variant="body1" component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          {progressSentence(figure)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={share}
        aria-label={`${label}: ${figure.collected} of ${figure.places} places collected`}
        // A neutral track, so that an empty bar does not read as a full one in a lighter shade.
        sx={{ mt: 0.5, height: 6, borderRadius: 3, bgcolor: 'action.selected' }}
      />
    </Box>
  )
}

function isStarted(figure: ProgressFigure): boolean {
  return figure.collected > 0 || figure.beenThere > 0
}

/**
 * Honest progress (docs/product.md#progress): every figure with its denominator, per collection and per country.
 * Collections and countries the traveller has nothing of are listed on request: there are dozens and hundreds.
 */
export function ProgressFigures({ progress }: { progress: Progress }) {
  const [allCollections, setAllCollections] = useState(false)
  const [allCountries, setAllCountries] = useState(false)
  const startedCollections = progress.collections.filter(isStarted)
  const collections = allCollections ? progress.collections : startedCollections
  const started = progress.countries.filter(isStarted)
  const countries = allCountries ? progress.countries : started
  return (
    <Box component="section" aria-labelledby="progress-title">
      <Typography id="progress-title" variant="h5" component="h2" gutterBottom>
        Progress
      </Typography>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        By collection
      </Typography>
      {collections.length === 0 ? (
        <Typography color="text.secondary">
          No collection yet: collect a card or mark a place you have been to.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {collections.map((collection) => (
            <FigureRow key={collection.collectionId} label={collection.collectionName} figure={collection} />
          ))}
        </Box>
      )}
      {progress.collections.length > startedCollections.length && (
        <Button sx={{ mt: 1 }} onClick={() => setAllCollections((shown) => !shown)} aria-expanded={allCollections}>
          {allCollections ? 'Show only my collections' : `Show all ${progress.collections.length} collections`}
        </Button>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
        By country
      </Typography>
      {countries.length === 0 ? (
        <Typography color="text.secondary">No country yet: collect a card or mark a place you have been to.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {countries.map((country) => (
            <FigureRow key={country.countryCode} label={country.countryName} figure={country} />
          ))}
        </Box>
      )}
      {progress.countries.length > started.length && (
        <Button sx={{ mt: 1 }} onClick={() => setAllCountries((shown) => !shown)} aria-expanded={allCountries}>
          {allCountries ? 'Show only my countries' : `Show all ${progress.countries.length} countries`}
        </Button>
      )}
    </Box>
  )
}
