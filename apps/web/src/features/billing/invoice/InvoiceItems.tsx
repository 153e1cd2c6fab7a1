import { Table, Text } from '@mantine/core';
import { BILLING_MESSAGES, type InvoiceItem } from '@waymark/domain';
import { money } from '../format';

/** The invoice's lines: #, Description, Unit Cost, Qty, Line Total (spec 002 §2.8). */
export function InvoiceItems({ items }: { items: InvoiceItem[] }) {
  if (items.length === 0) return <Text c="dimmed">{BILLING_MESSAGES.noItems}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Unit Cost</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Line Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            <Table.Tr key={item.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td>{money(item.price)}</Table.Td>
              <Table.Td>{item.qty}</Table.Td>
              <Table.Td>{money(item.total)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
