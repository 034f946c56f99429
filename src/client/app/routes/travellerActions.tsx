import type { RenderTravellerActions } from '../../components/travellerActions'
import { BlockMenu } from '../../features/blocks/components/BlockMenu'

/** The actions beside another traveller's name: the blocks feature's menu (Mute, Block). */
export const renderTravellerActions: RenderTravellerActions = (traveller) => (
  <BlockMenu travellerId={traveller.userId} username={traveller.username} />
)
