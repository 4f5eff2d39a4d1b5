/** The embeds list's rows (server/modules/embeds/service.ts -> server/modules/admin/embeds/viewset.ts). */
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
