import type { ReactNode } from 'react'

import type { TravelledTrip } from '@shared/trips'

/** What a friend's page draws of the trips they own or travel in: the trips feature's list, composed by app/. */
export type RenderTravelledTrips = (trips: readonly TravelledTrip[], username: string) => ReactNode
