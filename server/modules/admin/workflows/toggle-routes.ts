import type { Db } from '../../../db';
import { setFlash } from '../flash';
import type { ViewSetExtraRoute } from '../viewsets/definition';

/**
 * Disable and enable, as Wagtail offers them for workflows and tasks: disabling needs 'delete'
 * (it is Wagtail's delete), enabling 'change'. Each says what happened and goes where the user
 * carries on: the list after disabling, the object's edit screen after enabling.
 */
export function disableEnableRoutes(options: {
  /** 'Task' or 'Workflow', as the messages name it. */
  noun: string;
  setActive(db: Db, pk: number, active: boolean, userId: number): Promise<{ id: number; name: string }>;
  listUrl: string;
  editUrl(id: number): string;
  /** Said after enabling, after "enabled" (what to do next). */
  enabledHint?: string;
}): ViewSetExtraRoute[] {
  const toggle = (active: boolean): ViewSetExtraRoute => ({
    name: active ? 'enable' : 'disable',
    method: 'post',
    path: `${active ? 'enable' : 'disable'}/:pk/`,
    permission: active ? 'change' : 'delete',
    handle: async ({ db, req, res, pk, actor }) => {
      const object = await options.setActive(db, pk, active, actor.userId);
      const what = `${options.noun} '${object.name}'`;
      if (!active) {
        setFlash(req, `${what} disabled.`);
        res.redirect(303, options.listUrl);
        return;
      }
      setFlash(req, `${what} enabled${options.enabledHint ? `: ${options.enabledHint}` : ''}.`);
      res.redirect(303, options.editUrl(object.id));
    },
  });
  return [toggle(false), toggle(true)];
}
