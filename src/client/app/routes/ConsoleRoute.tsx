import { lazy, Suspense } from 'react'

import { LoadingState } from '../../components/LoadingState'
import { ConsoleApp, type ConsoleSection } from '../../features/console/ConsoleApp'
import { NotFoundPage } from '../shell/NotFoundPage'

const ModerationQueueScreen = lazy(async () => ({
  default: (
    await import(/* webpackChunkName: "console-moderation" */ '../../features/moderation/ModerationQueueScreen')
  ).ModerationQueueScreen,
}))

/** The sections other features own, in tab order before the console's own (docs/product.md#console). */
const FEATURE_SECTIONS: ConsoleSection[] = [
  {
    path: 'moderation',
    label: 'Moderation',
    element: (
      <Suspense fallback={<LoadingState label="Loading the moderation queue" />}>
        <ModerationQueueScreen />
      </Suspense>
    ),
  },
]

/** /console/*: the operators' console, which looks like an unknown address to anyone else (docs/product.md#console). */
export function ConsoleRoute() {
  return <ConsoleApp notFound={<NotFoundPage />} sections={FEATURE_SECTIONS} />
}
