import Button from '@mui/material/Button'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemAvatar from '@mui/material/ListItemAvatar'
import ListItemText from '@mui/material/ListItemText'
import { useState } from 'react'

import type { Trip, TripTraveller } from '@shared/trips'

import { UserAvatar } from '../../../components/UserAvatar'
import { useRemoveTripMemberMutation } from '../api'

import { ConfirmDialog } from './ConfirmDialog'

const ROLE_LABELS: Record<TripTraveller['role'], string> = {
  owner: 'Owner',
  accepted: 'Travelling',
  invited: 'Invited, not answered yet',
}

/** Who travelled: the owner first; the owner may remove anyone else, which takes their memories out of the trip. */
export function TripTravellers({ trip }: { trip: Trip }) {
  const [removing, setRemoving] = useState<TripTraveller | null>(null)
  const [removeMember, { isLoading }] = useRemoveTripMemberMutation()
  const isOwner = trip.myRole === 'owner'

  async function remove() {
    if (!removing) return
    const result = await removeMember({ tripId: trip.tripId, userId: removing.userId })
    if (!('error' in result)) setRemoving(null)
  }

  return (
    <>
      <List aria-label="Travellers" disablePadding>
        {trip.travellers.map((traveller) => (
          <ListItem
            key={traveller.userId}
            disableGutters
            secondaryAction={
              isOwner &&
              traveller.role !== 'owner' && (
                <Button size="small" color="error" onClick={() => setRemoving(traveller)}>
                  {traveller.role === 'invited' ? 'Cancel invitation' : 'Remove'}
                </Button>
              )
            }
          >
            <ListItemAvatar>
              <UserAvatar avatarId={traveller.avatarId} username={traveller.username} size={36} />
            </ListItemAvatar>
            <ListItemText primary={traveller.username} secondary={ROLE_LABELS[traveller.role]} />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.username ?? ''} from the trip?`}
        message="Their memories leave the trip and stay in their account. You can invite them again later."
        confirm="Remove"
        busy={isLoading}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </>
  )
}
