import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import FormControl from '@mui/material/FormControl'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormLabel from '@mui/material/FormLabel'
import Link from '@mui/material/Link'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Radio from '@mui/material/Radio'
import RadioGroup from '@mui/material/RadioGroup'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { skipToken } from '@reduxjs/toolkit/query'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom'

import type { Memory, PeerUserCard, TransferrableCards } from '@shared/memories'
import { TEXTS } from '@shared/texts'

import { CardImage } from '../../components/CardImage'
import { CreditAmount } from '../../components/CreditAmount'
import { LoadingState } from '../../components/LoadingState'
import { RarityBadge } from '../../components/RarityBadge'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'
import { paths } from '../../lib/paths'
import { enqueueSnackbar } from '../../lib/toast'
import { useGetUserQuery } from '../session/api'

import { placeOf, useGetPeerUserCardsQuery, useGetTransferrableCardsQuery, useSwitchUserCardMutation } from './api'
import { OwnMemoryLoader } from './components/OwnMemoryLoader'
import { FROM_USER_CARD } from './switchOrigin'
import { useGoBack } from './useGoBack'

const TRANSFER = 'transfer'

/** /switchUserCard/{memoryId}: move the memory to another copy of the card (free) or to another card set (priced). */
export function SwitchUserCardPage() {
  usePageTitle('Switch Card')
  return <OwnMemoryLoader>{(memory) => <SwitchUserCard memory={memory} />}</OwnMemoryLoader>
}

interface SwitchUserCardProps {
  memory: Memory
}

function SwitchUserCard({ memory }: SwitchUserCardProps) {
  const { data: copies, isLoading: copiesLoading } = useGetPeerUserCardsQuery({ userCardId: memory.userCardId })
  const [selected, setSelected] = useState(memory.userCardId)
  const [cardSetId, setCardSetId] = useState<string | null>(null)
  const transferring = selected === TRANSFER
  const { data: transferrable, isLoading: transferLoading } = useGetTransferrableCardsQuery(
    transferring ? memory.cardId : skipToken,
  )
  const { data: user } = useGetUserQuery()
  const [switchUserCard, { isLoading: switching }] = useSwitchUserCardMutation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const goBack = useGoBack(paths.myMemories.href())

  const balance = user?.digitalCredit ?? 0
  const cost = transferrable?.cost ?? 0
  const affordable = balance >= cost
  const changed = transferring
    ? cardSetId != null && transferrable != null && affordable
    : selected !== memory.userCardId

  async function handleSwitch() {
    try {
      const { newUserCardId } = await switchUserCard({
        memoryId: memory.memoryId,
        userCardId: memory.userCardId,
        ...(transferring ? { newCardSetId: cardSetId ?? undefined } : { newUserCardId: selected }),
        place: placeOf(memory),
      }).unwrap()
      enqueueSnackbar(TEXTS.cardSwitched, { variant: 'success' })
      if (searchParams.get('from') === FROM_USER_CARD) navigate(paths.userCard.href(newUserCardId), { replace: true })
      else goBack()
    } catch {
      // The failure is already shown as a toast.
    }
  }

  return (
    <Paper sx={{ p: { xs: 2, md: 4 }, maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Switch Card
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
        <Box sx={{ width: 88, flexShrink: 0 }}>
          <CardImage imageId={memory.image} name={memory.cardName} rarity={memory.cardRarity} eager />
        </Box>
        <Stack spacing={0.5}>
          <Typography variant="h6" component="p">
            {memory.cardName}
          </Typography>
          <Box>
            <RarityBadge rarity={memory.cardRarity} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            {memory.collectionName} · on the copy acquired{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(memory.userCard.createdAt)}
            </Box>
          </Typography>
        </Stack>
      </Stack>

      <FormControl component="fieldset" fullWidth>
        <FormLabel component="legend">Move this memory to</FormLabel>
        {copiesLoading ? (
          <LoadingState label="Loading your copies" />
        ) : (
          <RadioGroup
            aria-label="Move this memory to"
            value={selected}
            onChange={(event) => setSelected(event.target.value)}
          >
            {(copies ?? []).map((copy) => (
              <CopyOption key={copy.userCardId} copy={copy} current={copy.userCardId === memory.userCardId} />
            ))}
            <FormControlLabel value={TRANSFER} control={<Radio />} label="Transfer to another card set" />
          </RadioGroup>
        )}
      </FormControl>

      {transferring &&
        (transferLoading || !transferrable ? (
          <LoadingState label="Loading card sets" />
        ) : (
          <TransferChoice
            transferrable={transferrable}
            balance={balance}
            cardSetId={cardSetId}
            onChange={setCardSetId}
            affordable={affordable}
          />
        ))}

      {/* Kept in view at the foot of the screen: a collection's card sets listed 125 rows above the button. */}
      <Stack
        direction="row"
        spacing={2}
        role="group"
        aria-label="Switch actions"
        sx={{
          justifyContent: 'flex-end',
          mt: 3,
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          py: 1.5,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Button onClick={goBack} disabled={switching}>
          Cancel
        </Button>
        <Button variant="contained" onClick={handleSwitch} disabled={!changed} loading={switching}>
          Switch
        </Button>
      </Stack>
    </Paper>
  )
}

interface CopyOptionProps {
  copy: PeerUserCard
  current: boolean
}

function CopyOption({ copy, current }: CopyOptionProps) {
  const taken = copy.hasMemory && !current
  return (
    <FormControlLabel
      value={copy.userCardId}
      disabled={taken}
      control={<Radio />}
      sx={{ my: 0.5 }}
      label={
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 48, flexShrink: 0 }}>
            <CardImage imageId={copy.image} name={copy.cardName} rarity={copy.cardRarity} />
          </Box>
          <span>
            Copy acquired{' '}
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(copy.createdAt)}
            </Box>
          </span>
          {copy.souvenir && <Chip size="small" color="success" variant="outlined" label="Souvenir" />}
          {current && <Chip size="small" color="primary" label="Current" />}
          {taken && <Chip size="small" label="Has a memory" />}
        </Stack>
      }
    />
  )
}

interface TransferChoiceProps {
  transferrable: TransferrableCards
  balance: number
  affordable: boolean
  cardSetId: string | null
  onChange: (cardSetId: string) => void
}

function TransferChoice({ transferrable, balance, affordable, cardSetId, onChange }: TransferChoiceProps) {
  const [collectionId, setCollectionId] = useState(transferrable.cardCollections[0]?.collectionId ?? '')
  const [search, setSearch] = useState('')
  const needle = search.trim().toLowerCase()
  const cardSets = transferrable.cardSetList.filter(
    (set) =>
      set.collectionId === collectionId &&
      (!needle || set.cardSetName.toLowerCase().includes(needle) || set.cardSetId === cardSetId),
  )
  return (
    <Stack spacing={2} sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
        <Typography component="p">
          Cost: <CreditAmount value={transferrable.cost} label="Transfer cost" />
        </Typography>
        <Typography component="p">
          Your balance: <CreditAmount value={balance} label="Your digital credit" />
        </Typography>
      </Stack>
      {!affordable && (
        <Alert severity="warning">
          You need more digital credit for this transfer.{' '}
          <Link component={RouterLink} to={paths.myWallet.href()}>
            Get More Digital Credits
          </Link>
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Your copy is exchanged for a copy of the chosen place in the same rarity, and the memory moves with it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Collection"
          value={collectionId}
          onChange={(event) => setCollectionId(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          {transferrable.cardCollections.map((collection) => (
            <MenuItem key={collection.collectionId} value={collection.collectionId}>
              {collection.collectionName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Find a place"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Stack>
      <FormControl component="fieldset">
        <FormLabel component="legend">Card set</FormLabel>
        {/* A compact grid in a box of its own height: one row a place made the list about 10,000 px long. */}
        <RadioGroup
          aria-label="Card set"
          value={cardSetId ?? ''}
          onChange={(event) => onChange(event.target.value)}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            columnGap: 1,
            maxHeight: '50vh',
            overflowY: 'auto',
          }}
        >
          {cardSets.map((set) => {
            const card = set.cards[0]
            return (
              <FormControlLabel
                key={set.cardSetId}
                value={set.cardSetId}
                control={<Radio size="small" />}
                sx={{ my: 0.25, mx: 0, minWidth: 0 }}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                    {card && (
                      <Box sx={{ width: 28, flexShrink: 0 }}>
                        <CardImage imageId={card.image} name={card.cardName} rarity={card.cardRarity} />
                      </Box>
                    )}
                    <span>{set.cardSetName}</span>
                  </Stack>
                }
              />
            )
          })}
        </RadioGroup>
      </FormControl>
    </Stack>
  )
}
