import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import { styled } from '@mui/material/styles'
import Typography from '@mui/material/Typography'

import { DISCOUNT_BADGE_THRESHOLD, PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'
import type { CreditProduct } from '@shared/wallet'

import { CreditAmount } from '../../../components/CreditAmount'
import { formatCredit, formatMoney } from '../../../lib/format'

/**
 * The badge shows when actualPrice / listPrice is below 0.9, with the rounded percentage off
 * (docs/product.md#constants-discount).
 */
export function discountPercentOff(product: Pick<CreditProduct, 'listPrice' | 'actualPrice'>): number | null {
  if (!(product.listPrice > 0)) return null
  const ratio = product.actualPrice / product.listPrice
  return ratio < DISCOUNT_BADGE_THRESHOLD ? Math.round((1 - ratio) * 100) : null
}

export function creditKindOf(product: Pick<CreditProduct, 'creditProductType'>): 'digital' | 'physical' {
  return product.creditProductType === PHYSICAL_CREDIT_PRODUCT_TYPE ? 'physical' : 'digital'
}

export interface CreditProductListProps {
  products: CreditProduct[]
  onBuy: (product: CreditProduct) => void
}

export function CreditProductList({ products, onBuy }: CreditProductListProps) {
  const groups = [
    {
      kind: 'digital' as const,
      title: 'Digital Credit',
      items: products.filter((product) => creditKindOf(product) === 'digital'),
    },
    {
      kind: 'physical' as const,
      title: 'Physical Credit',
      items: products.filter((product) => creditKindOf(product) === 'physical'),
    },
  ].filter((group) => group.items.length > 0)

  return (
    <Stack spacing={3}>
      {groups.map((group) => (
        <Box key={group.kind} component="section" aria-label={group.title}>
          <Typography variant="h6" component="h3" gutterBottom>
            {group.title}
          </Typography>
          <ProductGrid>
            {group.items.map((product) => (
              <ProductTile key={product.creditProductId} product={product} onBuy={onBuy} />
            ))}
          </ProductGrid>
        </Box>
      ))}
    </Stack>
  )
}

interface ProductTileProps {
  product: CreditProduct
  onBuy: (product: CreditProduct) => void
}

function ProductTile({ product, onBuy }: ProductTileProps) {
  const percentOff = discountPercentOff(product)
  const kind = creditKindOf(product)
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="h5" component="p">
          <CreditAmount
            value={product.creditProductValue}
            kind={kind}
            label={`${kind === 'digital' ? 'Digital' : 'Physical'} credit`}
          />
        </Typography>
        {percentOff != null && (
          <Chip label={`${percentOff}% OFF`} color="secondary" size="small" sx={{ fontWeight: 600 }} />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="h6" component="p">
          {formatMoney(product.actualPrice)}
        </Typography>
        {percentOff != null && (
          <Typography component="s" color="text.secondary">
            {formatMoney(product.listPrice)}
          </Typography>
        )}
      </Box>
      <Button
        variant="contained"
        onClick={() => onBuy(product)}
        aria-label={`Buy ${formatCredit(product.creditProductValue)} ${kind} credit for ${formatMoney(product.actualPrice)}`}
      >
        Buy
      </Button>
    </Paper>
  )
}

const ProductGrid = styled('div')(({ theme }) => ({
  display: 'grid',
  gap: theme.spacing(2),
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
}))
