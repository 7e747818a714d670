import { Kbd, Table, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useT } from '../i18n';
import { KEY_MAP, keyLabel, type KeyBinding, type KeyScope } from '../keys/keyMap';
import { Dialog } from '../components/Dialog';

const SCOPES: readonly KeyScope[] = ['everywhere', 'items', 'list', 'reader'];

function Keys({ binding }: { binding: KeyBinding }) {
  const t = useT();
  return binding.keys.map((spec, i) => (
    <Fragment key={spec}>
      {i > 0 && ` ${t('common.or')} `}
      {keyLabel(spec).map((k, j) => (
        <Fragment key={k}>
          {j > 0 && ' '}
          <Kbd>{k}</Kbd>
        </Fragment>
      ))}
    </Fragment>
  ));
}

/** The keyboard shortcuts dialog ("?"), rendered from the app's one key map (src/keys/keyMap.ts). */
export function ShortcutsHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="lg"
      data-testid="shortcuts-help"
    >
      {SCOPES.map((scope) => (
        <section key={scope} data-testid={`shortcuts-${scope}`}>
          <Text fw={600} mt="sm" mb={4}>
            {t(scope === 'items' ? 'keys.scopes.items' : `shortcuts.scopes.${scope}`)}
          </Text>
          <Table verticalSpacing={4} striped>
            <Table.Tbody>
              {(KEY_MAP as readonly KeyBinding[])
                .filter((b) => b.scope === scope)
                .map((b) => (
                  <Table.Tr key={`${b.scope}-${b.action}`} data-testid="shortcut-row">
                    <Table.Td w="40%">
                      <Keys binding={b} />
                    </Table.Td>
                    <Table.Td>{t(b.descriptionKey)}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </section>
      ))}
    </Dialog>
  );
}
