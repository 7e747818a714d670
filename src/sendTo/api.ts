/** The send-to engine calls the UI makes, and the targets query. */
import { queryOptions } from '@tanstack/react-query';
import type { EngineApi } from '../engine/contract';
import { withEngine } from '../queries/engine';
import { queryKeys } from '../queries/keys';

type SendTo = EngineApi['sendTo'];
export type SendTargetView = Awaited<ReturnType<SendTo['list']>>[number];
export type SendTargetInput = Parameters<SendTo['save']>[0];
export type SendService = SendTargetInput['service'];
export type SendResult = Awaited<ReturnType<SendTo['send']>>;

/** The services in the order the form offers them, with the names people know. */
export const SERVICES: { value: SendService; label: string }[] = [
  { value: 'wallabag', label: 'Wallabag' },
  { value: 'readeck', label: 'Readeck' },
  { value: 'linkding', label: 'Linkding' },
  { value: 'readwise', label: 'Readwise Reader' },
];

/** Every configured target, without secrets. */
export const sendTargetsQuery = () =>
  queryOptions({ queryKey: queryKeys.sendTargets, queryFn: () => withEngine((e) => e.sendTo.list()) });

export const testTarget = (input: SendTargetInput) => withEngine((e) => e.sendTo.test(input));
export const saveTarget = (input: SendTargetInput) => withEngine((e) => e.sendTo.save(input));
export const removeTarget = (id: string) => withEngine((e) => e.sendTo.remove(id));
export const sendToTarget = (id: string, article: { url: string; title: string; tags: string[] }) =>
  withEngine((e) => e.sendTo.send(id, article));
