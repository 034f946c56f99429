/**
 * How alike two descriptions read: the share of three-word sequences they have in common. No two places may share more
 * than half of the sequences of the shorter text (docs/product.md#catalogue-texts).
 */

/** A text's three-word sequences: words are what spaces separate, lower-cased, without surrounding punctuation. */
export function trigramsOf(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean)
  const trigrams = new Set<string>()
  for (let i = 0; i + 2 < words.length; i += 1) trigrams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return trigrams
}

export interface SimilarPair {
  a: number
  b: number
  shared: number
  /** The number of sequences of the shorter text. */
  of: number
}

/**
 * Pairs of texts (by index, a < b) that share more than half of the three-word sequences of the shorter one. An
 * inverted index from each sequence to the texts holding it counts, for every text, what it shares with the texts that
 * share anything with it, instead of comparing every pair of thousands of texts in full.
 */
export function tooSimilarPairs(texts: string[]): SimilarPair[] {
  // Each sequence becomes a number, and each text the list of its sequences' numbers.
  const numbers = new Map<string, number>()
  const sequences = texts.map((text) =>
    [...trigramsOf(text)].map((trigram) => {
      let number = numbers.get(trigram)
      if (number === undefined) {
        number = numbers.size
        numbers.set(trigram, number)
      }
      return number
    }),
  )
  const holders: number[][] = Array.from({ length: numbers.size }, () => [])
  sequences.forEach((list, index) => {
    for (const number of list) holders[number]?.push(index)
  })
  // Counting in a typed array, reset through the list of texts touched, keeps the inner loop free of allocations.
  const shared = new Int32Array(texts.length)
  const touched: number[] = []
  const pairs: SimilarPair[] = []
  sequences.forEach((list, a) => {
    for (const number of list) {
      for (const b of holders[number] ?? []) {
        if (b <= a) continue
        if (shared[b] === 0) touched.push(b)
        shared[b] = (shared[b] ?? 0) + 1
      }
    }
    for (const b of touched) {
      const count = shared[b] ?? 0
      const of = Math.min(list.length, sequences[b]?.length ?? 0)
      if (count * 2 > of) pairs.push({ a, b, shared: count, of })
      shared[b] = 0
    }
    touched.length = 0
  })
  return pairs.sort((x, y) => x.a - y.a || x.b - y.b)
}
