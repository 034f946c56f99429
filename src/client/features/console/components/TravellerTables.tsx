import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/** A traveller's records (ledger, purchases, certificates, draws, sessions): a titled section with a small table. */

/** A titled section, or what it says when it has no rows. */
export function Section({
  title,
  empty,
  rows,
  children,
}: {
  title: string
  empty: string
  rows: number
  children: ReactNode
}) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h5" component="h3" gutterBottom>
        {title}
      </Typography>
      {rows === 0 ? <Typography color="text.secondary">{empty}</Typography> : children}
    </Box>
  )
}

/** A small table; each row's first value is its key. */
export function Rows({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, ...cells]) => (
            <TableRow key={key}>
              {cells.map((cell, index) => (
                <TableCell key={index}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
