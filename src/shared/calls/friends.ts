import type { Call } from './call'

// Friends (docs/product.md#calls-social).

export const addFriend = { method: 'POST', path: '/friends/addFriend' } as const satisfies Call
export const removeFriend = { method: 'POST', path: '/friends/removeFriend' } as const satisfies Call
export const getMyFriends = { method: 'GET', path: '/friends/getMyFriends' } as const satisfies Call
export const searchFriends = { method: 'GET', path: '/friends/searchFriends' } as const satisfies Call
export const getFriendPage = { method: 'GET', path: '/friends/getFriendPage' } as const satisfies Call
