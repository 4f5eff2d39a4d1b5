/** The embeds screen's view model (server/modules/admin/embeds/routes.tsx -> views/admin/EmbedsScreen.tsx). */
export type EmbedsView = {
  providers: readonly string[];
  items: Array<{
    url: string;
    title: string;
    providerName: string;
    embedUrl: string;
    /** The sites whose allow-list lets it show. */
    allowedOn: string[];
    usedBy: Array<{ label: string; href?: string; where: string }>;
    /** Users beyond the ones listed. */
    more: number;
  }>;
};
