import type { ComponentType } from 'react';
import type { PageData } from '../shared/schemas/page-payload';

export type TemplateProps = { page: PageData };
export type TemplateComponent = ComponentType<TemplateProps>;
