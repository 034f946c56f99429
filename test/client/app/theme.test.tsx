import { getContrastRatio } from '@mui/material/styles'

import { RARITIES } from '@shared/constants'
import { theme } from '@client/app/theme'

describe('theme', () => {
  it.each(RARITIES.map((info) => [info.name, info.rarity] as const))(
    'gives the %s badge text of at least 4.5:1 contrast on its colour',
    (_name, rarity) => {
      const background = theme.rarity[rarity]
      const text = theme.rarityText[rarity]
      if (!background || !text) throw new Error(`rarity ${rarity} has no colour pair`)
      expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5)
    },
  )
})
