import { skipToken } from '@reduxjs/toolkit/query'
import { Fragment, type ReactNode } from 'react'
import { useParams } from 'react-router-dom'

import type { Memory } from '@shared/memories'

import { isFailure } from '../../../api/errors'
import { LoadFailed } from '../../../components/LoadFailed'
import { LoadingState } from '../../../components/LoadingState'
import { useGetMemoryQuery } from '../api'

import { MemoryNotFound } from './ProblemPage'

export interface OwnMemoryLoaderProps {
  children: (memory: Memory) => ReactNode
}

/** Loads the route's memory for the screens only its author may use; anyone else gets the not-found page. */
export function OwnMemoryLoader({ children }: OwnMemoryLoaderProps) {
  const { memoryId } = useParams()
  const { currentData: memory, isFetching, error, refetch } = useGetMemoryQuery(memoryId ?? skipToken)

  if (!memory && isFetching) return <LoadingState label="Loading your memory" />
  if (!memory && isFailure(error)) return <LoadFailed onRetry={() => void refetch()} />
  if (!memory?.isOwner) return <MemoryNotFound />
  // Keyed so that moving to another memory starts its form afresh.
  return <Fragment key={memory.memoryId}>{children(memory)}</Fragment>
}
