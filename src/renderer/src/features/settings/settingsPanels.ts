import type { ComponentType } from 'react'
import { ApiKeyForm } from './ApiKeyForm'
import { HomeFolderPanel } from './HomeFolderPanel'
import { LimitsSettingsForm } from './LimitsSettingsForm'
import { MemoryWritesSettingsForm } from './MemoryWritesSettingsForm'
import { ModelSettingsForm } from './ModelSettingsForm'
import { RetentionSettingsForm } from './RetentionSettingsForm'
import { ToolsSettings } from '../tools/ToolsSettings'
import { NexusMembersPanel } from '../nexus/settings/NexusMembersPanel'
import { NexusSettingsPanel } from '../nexus/settings/NexusSettingsPanel'
import { TestConnection } from '../model/TestConnection'
import { SyncPanel } from '../sync/SyncPanel'
import { KnowledgeSettings } from '../knowledge/KnowledgeSettings'
import { BackupPanel } from '../backup/BackupPanel'

export interface SettingsPanelDefinition {
  readonly id: string
  readonly title: string
  readonly component: ComponentType
}

/**
 * The Settings page, panel by panel, in order. A feature adds its own panel with one line, e.g.
 * the tools feature: `{ id: 'tools', title: 'Tools', component: ToolsSettings },` before 'home'.
 */
export const SETTINGS_PANELS: readonly SettingsPanelDefinition[] = [
  { id: 'model', title: 'Model', component: ModelSettingsForm },
  { id: 'api-key', title: 'API key', component: ApiKeyForm },
  { id: 'connection', title: 'Connection', component: TestConnection },
  { id: 'limits', title: 'Limits', component: LimitsSettingsForm },
  { id: 'memory-writes', title: 'Memory writes', component: MemoryWritesSettingsForm },
  { id: 'retention', title: 'Retention', component: RetentionSettingsForm },
  { id: 'tools', title: 'Tools', component: ToolsSettings },
  { id: 'knowledge', title: 'Knowledge', component: KnowledgeSettings },
  { id: 'sync', title: 'Sync between devices', component: SyncPanel },
  { id: 'backup', title: 'Backup and restore', component: BackupPanel },
  { id: 'nexus', title: 'Nexus', component: NexusSettingsPanel },
  { id: 'nexus-members', title: 'Nexus members', component: NexusMembersPanel },
  { id: 'home', title: 'Where your data lives', component: HomeFolderPanel }
]
