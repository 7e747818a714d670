import { Kbd, Modal, Table, Text } from '@mantine/core';
import { useT } from '../i18n';
import { SHORTCUTS, type ShortcutInfo } from './shortcuts';

const SCOPES: ShortcutInfo['scope'][] = ['everywhere', 'list', 'reader'];

/** The keyboard shortcuts dialog ("?"), rendered from the `SHORTCUTS` table. */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="lg"
      data-testid="shortcuts-help"
    >
      {SCOPES.map((scope) => (
        <section key={scope}>
          <Text fw={600} mt="sm" mb={4}>
            {t(`shortcuts.scopes.${scope}`)}
          </Text>
          <Table verticalSpacing={4} striped>
            <Table.Tbody>
              {SHORTCUTS.filter((s) => s.scope === scope).map((s) => (
                <Table.Tr key={`${s.scope}-${s.descriptionKey}`}>
                  <Table.Td w="40%">
                    {s.keys.map((k, i) => (
                      <span key={k}>
                        {i > 0 && ` ${t('common.or')} `}
                        <Kbd>{k}</Kbd>
                      </span>
                    ))}
                  </Table.Td>
                  <Table.Td>{t(s.descriptionKey)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </Modal>
  );
}
