import { UserCardPage } from '../../features/collection/UserCardPage'
import { UserCardMemorySection } from '../../features/memories/components/UserCardMemorySection'

/** /userCard/{userCardId}: the collection's copy page with the memories feature's section for the copy's memory. */
export function UserCardRoute() {
  return <UserCardPage renderMemory={(copy) => <UserCardMemorySection {...copy} />} />
}
