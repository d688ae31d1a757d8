// Every live source, by id.
import type { SourceId } from '@fundwire/shared';
import { fundraisingFox } from './fundraisingfox/connector.js';
import { secFormD } from './sec-form-d/connector.js';
import type { SourceConnector } from './types.js';

export const SOURCES: readonly SourceConnector[] = [secFormD as SourceConnector, fundraisingFox];

export function findSource(id: string): SourceConnector | undefined {
  return SOURCES.find((source) => source.id === (id as SourceId));
}
