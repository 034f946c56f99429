import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardContent from '@mui/material/CardContent'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { CardCollection } from '@shared/catalogue'
import { TEXTS } from '@shared/texts'

import { paths } from '../../app/paths'
import { collectionImageUrl } from '../../components/CardImage'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RarityBadge } from '../../components/RarityBadge'
import { usePageTitle } from '../../components/usePageTitle'

import { useGetCardCollectionsQuery } from './api'

/** SPEC §2 Card collections list: every collection with its image, description, card count and counts per rarity. */
export function CardCollectionsPage() {
  usePageTitle('Card Collections')
  const { data: collections, isLoading } = useGetCardCollectionsQuery()

  return (
    <Stack spacing={3}>
      <Typography variant="h3" component="h1">
        Card Collections
      </Typography>
      {isLoading ? (
        <LoadingState label="Loading the card collections" />
      ) : !collections?.length ? (
        <EmptyState
          message={TEXTS.empty.cardCollections}
          action={
            <Button component={RouterLink} to={paths.requestNewContent.href()} variant="contained">
              Request New Content
            </Button>
          }
        />
      ) : (
        <Grid>
          {collections.map((collection, index) => (
            <CollectionCard key={collection.collectionId} collection={collection} eager={index < 2} />
          ))}
        </Grid>
      )}
    </Stack>
  )
}

interface CollectionCardProps {
  collection: CardCollection
  eager: boolean
}

function CollectionCard({ collection, eager }: CollectionCardProps) {
  const headingId = `collection-${collection.collectionId}`
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', borderRadius: 2 }}>
      <Box
        component="img"
        src={collectionImageUrl(collection.collectionId)}
        alt={`${collection.collectionName} collection`}
        width={800}
        height={500}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        sx={{ width: '100%', height: 'auto', aspectRatio: '8 / 5', display: 'block', bgcolor: 'action.hover' }}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, flex: 1 }}>
        <Typography id={headingId} variant="h5" component="h2">
          {collection.collectionName}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {collection.collectionDescription}
        </Typography>
        <Typography variant="subtitle2" component="p">
          {collection.cardCount.toLocaleString('en-US')} cards
        </Typography>
        <Stack component="ul" direction="row" useFlexGap aria-label="Cards per rarity" sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}>
          {[...collection.rarityStats]
            .sort((a, b) => b.cardRarity - a.cardRarity)
            .map((stat) => (
              <Stack component="li" key={stat.cardRarity} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <RarityBadge rarity={stat.cardRarity} />
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {stat.cardCount}
                </Typography>
              </Stack>
            ))}
        </Stack>
      </CardContent>
    </Card>
  )
}

const Grid = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(3),
  gridTemplateColumns: '1fr',
  [theme.breakpoints.up('sm')]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}))
