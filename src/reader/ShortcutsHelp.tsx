import { Kbd, Modal, Table, Text } from '@mantine/core';
import { SHORTCUTS, type ShortcutInfo } from './shortcuts';

const SCOPES: ShortcutInfo['scope'][] = ['Everywhere', 'Article list', 'Reader'];

/** The keyboard shortcuts dialog ("?"), rendered from the `SHORTCUTS` table. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      size="lg"
      data-testid="shortcuts-help"
    >
      {SCOPES.map((scope) => (
        <section key={scope}>
          <Text fw={600} mt="sm" mb={4}>
            {scope}
          </Text>
          <Table verticalSpacing={4} striped>
            <Table.Tbody>
              {SHORTCUTS.filter((s) => s.scope === scope).map((s) => (
                <Table.Tr key={`${s.scope}-${s.description}`}>
                  <Table.Td w="40%">
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ' or '}
                        <Kbd>{k}</Kbd>
                      </span>
                    ))}
                  </Table.Td>
                  <Table.Td>{s.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </Modal>
  );
}
