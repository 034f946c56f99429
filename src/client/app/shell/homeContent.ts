/**
 * Content of the visitors' home page, shipped with the app. The sample cards are real catalogue cards;
 * the memories are written by the Wandercards team to show what a memory can hold.
 */
export const SAMPLE_CARDS = [
  { imageId: 'country-jp-5', name: 'Japan', rarity: 5 },
  { imageId: 'us-ca-4', name: 'California', rarity: 4 },
  { imageId: 'fr-paris-3', name: 'Paris', rarity: 3 },
  { imageId: 'country-pe-2', name: 'Peru', rarity: 2 },
  { imageId: 'country-pt-1', name: 'Portugal', rarity: 1 },
] as const

export const SAMPLE_MEMORIES = [
  {
    imageId: 'country-pt-2',
    cardName: 'Portugal',
    rarity: 2,
    author: 'marta',
    dates: '2024-05-03 – 2024-05-11',
    text: 'Tram 28 up to Graça at sunrise, pastéis de nata still warm, and a fado singer two tables away who made the whole bar go quiet.',
  },
  {
    imageId: 'country-jp-3',
    cardName: 'Japan',
    rarity: 3,
    author: 'kenji.walks',
    dates: '2023-11-18 – 2023-11-30',
    text: 'Maple season in Kyoto. We got lost behind Nanzen-ji and found a tiny tofu restaurant run by a grandmother who drew us a map home.',
  },
  {
    imageId: 'us-ut-1',
    cardName: 'Utah',
    rarity: 1,
    author: 'roadtrip_ana',
    dates: '2024-09-02 – 2024-09-06',
    text: 'Five parks in five days. Delicate Arch at golden hour was worth every switchback; the night sky at Capitol Reef was worth even more.',
  },
] as const
