import type { Call } from './call'

// Friends (docs/product.md#calls-social).

export const addFriend = { method: 'POST', url: '/friends/addFriend' } as const satisfies Call
export const removeFriend = { method: 'POST', url: '/friends/removeFriend' } as const satisfies Call
export const getMyFriends = { method: 'GET', url: '/friends/getMyFriends' } as const satisfies Call
export const searchFriends = { method: 'GET', url: '/friends/searchFriends' } as const satisfies Call
export const getFriendPage = { method: 'GET', url: '/friends/getFriendPage' } as const satisfies Call
