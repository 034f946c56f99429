import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

/** Where the app is, as the router reports it: kept in the store so that a recorded state says which screen it is. */
export interface RouteLocation {
  pathname: string
  search: string
  hash: string
  /** The navigation's own state (CardCollectionsPage's focus); plain data only, like everything in the store. */
  state: unknown
}

export interface LocationState {
  /** Null until the router has reported the first location. */
  current: RouteLocation | null
}

const initialState: LocationState = { current: null }

export const locationSlice = createSlice({
  name: 'location',
  initialState,
  reducers: {
    locationChanged: {
      reducer: (state, { payload }: PayloadAction<RouteLocation>) => {
        state.current = payload
      },
      prepare: ({ pathname, search, hash, state }: RouteLocation) => ({
        payload: { pathname, search, hash, state: state ?? null },
      }),
    },
  },
  selectors: {
    selectLocation: (state) => state.current,
  },
})

export const { locationChanged } = locationSlice.actions
export const { selectLocation } = locationSlice.selectors

export function sameLocation(a: RouteLocation | null, b: RouteLocation | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.pathname === b.pathname &&
    a.search === b.search &&
    a.hash === b.hash &&
    JSON.stringify(a.state ?? null) === JSON.stringify(b.state ?? null)
  )
}

export function locationHref({ pathname, search, hash }: RouteLocation): string {
  return `${pathname}${search}${hash}`
}
