import { ConsoleApp } from '../../features/console/ConsoleApp'
import { NotFoundPage } from '../shell/NotFoundPage'

/** /console/*: the operators' console, which looks like an unknown address to anyone else (docs/product.md#console). */
export function ConsoleRoute() {
  return <ConsoleApp notFound={<NotFoundPage />} />
}
