import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'

import { creditToMoney, drawOddsPercent, epicOrBetterPercent, moneyReference } from '@shared/acquire'
import { ECONOMY } from '@shared/constants'

import { CreditAmount } from '../../../components/CreditAmount'
import { RarityBadge } from '../../../components/RarityBadge'
import { formatCredit, formatMoney } from '../../../lib/format'
import { useGetCreditProductsQuery } from '../../wallet/api'

export interface DropRatesDialogProps {
  open: boolean
  onClose: () => void
}

/** The published odds and prices, shown before anyone pays for a random draw. */
export function DropRatesDialog({ open, onClose }: DropRatesDialogProps) {
  const { data: products } = useGetCreditProductsQuery(undefined, { skip: !open })
  const reference = moneyReference(products)
  const prices = [
    { label: 'Draw 1 Card', credit: ECONOMY.prices.priceDigitalCardDraw },
    { label: 'Draw 10 Cards', credit: ECONOMY.prices.priceDigitalCardTenDraws },
  ]
  const certificateChance = ECONOMY.certificateChanceBasisPoints / 100

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Drop rates</DialogTitle>
      {/* On a phone the table scrolls inside the dialog; a tab stop lets the keyboard scroll it too. */}
      <DialogContent tabIndex={0}>
        <Typography sx={{ mb: 1 }}>
          Every card of a draw is drawn with these chances, then chosen at random among the cards of its rarity.
        </Typography>
        <Table size="small" aria-label="Chance per rarity">
          <TableHead>
            <TableRow>
              <TableCell>Rarity</TableCell>
              <TableCell align="right">Chance per card</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {drawOddsPercent().map(({ rarity, percent }) => (
              <TableRow key={rarity}>
                <TableCell>
                  <RarityBadge rarity={rarity} />
                </TableCell>
                <TableCell align="right">{percent}%</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography sx={{ mt: 2 }}>
          <strong>Guarantee:</strong> when {ECONOMY.epicGuaranteeDraws - 1} cards of paid draws in a row bring no Epic
          or better, the {ECONOMY.epicGuaranteeDraws}th card is Epic or Legendary, in proportion to their chances above.
          Every card of a ten-draw counts, so the guarantee can fall on any of its cards; a credit certificate in place
          of a card, picks and the free draw do not count. Every other card has the chances above (
          {epicOrBetterPercent()}% for Epic or better). Your count is on the draw page.
        </Typography>
        <Typography sx={{ mt: 2 }}>
          Each draw, of 1 or of 10 cards, has a {certificateChance}% chance that one card is replaced by a credit
          certificate worth{' '}
          {ECONOMY.certificateValues
            .map((value) => `${formatCredit(value.creditValue)} (${value.basisPoints / 100}%)`)
            .join(', ')}{' '}
          credits.
        </Typography>
        <Table size="small" aria-label="Prices" sx={{ mt: 2 }}>
          <TableHead>
            <TableRow>
              <TableCell>Draw</TableCell>
              <TableCell align="right">Digital Credits</TableCell>
              <TableCell align="right">About</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {prices.map((price) => (
              <TableRow key={price.label}>
                <TableCell>{price.label}</TableCell>
                <TableCell align="right">
                  <CreditAmount value={price.credit} />
                </TableCell>
                <TableCell align="right">
                  {reference === null ? '…' : formatMoney(creditToMoney(price.credit, reference))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {reference !== null && (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
            Money amounts use the price of the smallest Digital Credits pack; larger packs cost less per credit.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
