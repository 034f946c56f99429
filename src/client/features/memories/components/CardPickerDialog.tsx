import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Link from '@mui/material/Link'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import { useTheme } from '@mui/material/styles'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { skipToken } from '@reduxjs/toolkit/query'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router-dom'

import type { CardSetCard } from '@shared/memories'

import { CardImage } from '../../../components/CardImage'
import { LoadingState } from '../../../components/LoadingState'
import { RarityBadge } from '../../../components/RarityBadge'
import { formatDate } from '../../../lib/format'
import { paths } from '../../../lib/paths'
import { useGetAvailableCardSetsQuery, useGetPeerUserCardsQuery } from '../api'

/** The copy a new memory goes on. */
export interface PickedCard {
  userCardId: string
  cardId: string
  cardName: string
  cardRarity: number
  image: string
  collectionName: string
}

export interface CardPickerDialogProps {
  open: boolean
  onClose: () => void
  onPick: (card: PickedCard) => void
}

/** Collection, then card set (place), then one of the user's copies that has no memory yet. */
export function CardPickerDialog({ open, onClose, onPick }: CardPickerDialogProps) {
  const theme = useTheme()
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'))
  const { data, isLoading } = useGetAvailableCardSetsQuery(open ? undefined : skipToken)
  const [chosenCollectionId, setChosenCollectionId] = useState<string | null>(null)
  const [cardSetId, setCardSetId] = useState<string | null>(null)

  const collections = data?.cardCollections ?? []
  const collectionId = chosenCollectionId ?? collections[0]?.collectionId ?? ''
  const collectionName =
    collections.find((collection) => collection.collectionId === collectionId)?.collectionName ?? ''
  const cardSets = (data?.cardSetList ?? []).filter((set) => set.collectionId === collectionId)
  const cardSet = cardSets.find((set) => set.cardSetId === cardSetId) ?? null

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="card-picker-title"
    >
      <DialogTitle id="card-picker-title">{cardSet ? cardSet.cardSetName : 'Choose a card'}</DialogTitle>
      <DialogContent dividers>
        {isLoading ? (
          <LoadingState label="Loading your cards" />
        ) : collections.length === 0 ? (
          <Stack spacing={2} sx={{ py: 2, alignItems: 'flex-start' }}>
            <Typography>Every card you own already holds a memory.</Typography>
            <Link component={RouterLink} to={paths.acquireCards.href()}>
              Acquire Cards
            </Link>
          </Stack>
        ) : cardSet ? (
          <Stack spacing={2}>
            <Box>
              <Button startIcon={<ArrowBackIcon />} onClick={() => setCardSetId(null)}>
                Back to {collectionName}
              </Button>
            </Box>
            {cardSet.cards.map((card) => (
              <FreeCopies key={card.cardId} card={card} collectionName={collectionName} onPick={onPick} />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <TextField
              select
              label="Collection"
              value={collectionId}
              onChange={(event) => {
                setChosenCollectionId(event.target.value)
                setCardSetId(null)
              }}
            >
              {collections.map((collection) => (
                <MenuItem key={collection.collectionId} value={collection.collectionId}>
                  {collection.collectionName}
                </MenuItem>
              ))}
            </TextField>
            <List aria-label="Card sets" disablePadding>
              {cardSets.map((set) => {
                const free = set.cards.reduce((sum, card) => sum + (card.freeCopies ?? 0), 0)
                return (
                  <ListItem key={set.cardSetId} disablePadding>
                    <ListItemButton onClick={() => setCardSetId(set.cardSetId)}>
                      <ListItemText
                        primary={set.cardSetName}
                        secondary={`${free} ${free === 1 ? 'card' : 'cards'} without a memory`}
                      />
                    </ListItemButton>
                  </ListItem>
                )
              })}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  )
}

interface FreeCopiesProps {
  card: CardSetCard
  collectionName: string
  onPick: (card: PickedCard) => void
}

function FreeCopies({ card, collectionName, onPick }: FreeCopiesProps) {
  const { data: copies, isLoading } = useGetPeerUserCardsQuery({ cardId: card.cardId })
  const free = (copies ?? []).filter((copy) => !copy.hasMemory)
  return (
    <Stack spacing={1} component="section" aria-label={`${card.cardName} copies`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <RarityBadge rarity={card.cardRarity} />
      </Stack>
      {isLoading ? (
        <LoadingState label={`Loading ${card.cardName} copies`} />
      ) : free.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No copy of this rarity without a memory.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))' }}>
          {free.map((copy) => (
            <ButtonBase
              key={copy.userCardId}
              focusRipple
              onClick={() =>
                onPick({
                  userCardId: copy.userCardId,
                  cardId: copy.cardId,
                  cardName: copy.cardName,
                  cardRarity: copy.cardRarity,
                  image: copy.image,
                  collectionName,
                })
              }
              aria-label={`${copy.cardName}, ${copy.souvenir ? 'Souvenir, ' : ''}acquired ${formatDate(copy.createdAt)}`}
              sx={{
                flexDirection: 'column',
                alignItems: 'stretch',
                gap: 0.5,
                p: 1,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                textAlign: 'left',
              }}
            >
              <CardImage imageId={copy.image} name={copy.cardName} rarity={copy.cardRarity} />
              <Typography variant="caption" color="text.secondary">
                {copy.souvenir ? 'Souvenir, acquired' : 'Acquired'}{' '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  {formatDate(copy.createdAt)}
                </Box>
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      )}
    </Stack>
  )
}
