// The equipment screens, top-level and under an organization (one chunk).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  equipment: screen(() => import('./equipment-screens'), 'EquipmentListPage'),
  equipment_filtered: screen(() => import('./equipment-screens'), 'EquipmentListPage'),
  equipment_basics: screen(() => import('./equipment-screens'), 'EquipmentBasicsPage'),
  equipment_history: screen(() => import('./equipment-screens'), 'EquipmentHistoryPage'),
  organization_equipment: screen(() => import('./equipment-screens'), 'OrganizationEquipmentPage'),
  organization_equipment_basics: screen(
    () => import('./equipment-screens'),
    'OrganizationEquipmentBasicsPage',
  ),
  organization_equipment_history: screen(() => import('./equipment-screens'), 'EquipmentHistoryPage'),
} satisfies AreaScreens;
