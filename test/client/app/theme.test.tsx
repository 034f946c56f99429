import { getContrastRatio } from '@mui/material/styles'

import { RARITIES } from '@shared/constants'
import { themeFor } from '@client/app/theme'

describe('theme', () => {
  it.each(RARITIES.map((info) => [info.name, info.rarity] as const))(
    'gives the %s badge text of at least 4.5:1 contrast on its colour',
    (_name, rarity) => {
      const background = themeFor('light').rarity[rarity]
      const text = themeFor('light').rarityText[rarity]
      if (!background || !text) throw new Error(`rarity ${rarity} has no colour pair`)
      expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5)
    },
  )
})
