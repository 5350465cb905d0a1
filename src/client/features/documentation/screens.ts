// Resources → the documentation books: one screen module, a book per route (and the developer book's monitoring page).
import { type AreaScreens, screen } from '../screen';

const documentationPage = () => import('./documentation-page');

export const screens = {
  documentation: screen(documentationPage, 'DocumentationPage'),
  documentation_page: screen(documentationPage, 'DocumentationPage'),
  documentation_dev: screen(documentationPage, 'DocumentationDevPage'),
  documentation_dev_page: screen(documentationPage, 'DocumentationDevPage'),
  documentation_scripting: screen(documentationPage, 'DocumentationScriptingPage'),
  documentation_scripting_page: screen(documentationPage, 'DocumentationScriptingPage'),
  monitoring_docs: screen(documentationPage, 'MonitoringDocsPage'),
} satisfies AreaScreens;
