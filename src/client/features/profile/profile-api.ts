// Calls of the own profile screen: settings (GET/POST /api/user/settings) and the password change.
import type { PasswordChange, SettingsForm, UserSettings } from '../../../shared/schemas/user';
import { type EntityLoad, loadEntity, saveEntity } from '../../api/entity';
import { apiPost } from '../../api/http';
import type { SettingsOptions } from './settings-fields';

export type { UserSettings };

export const SETTINGS_KEY = ['user-settings'] as const;
const URL = '/api/user/settings';

export function loadSettings(signal?: AbortSignal): Promise<EntityLoad<UserSettings, SettingsOptions>> {
  return loadEntity<UserSettings, SettingsOptions>(URL, 'user', { signal });
}

export function saveSettings(values: SettingsForm): Promise<UserSettings> {
  return saveEntity<UserSettings>(URL, 'user', values);
}

export function changePassword(values: PasswordChange): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>('/api/user/password', values);
}
