import type { InitOptions } from '../cmp';

/** The server replaces this token with `{config, region, endpoints}` JSON when serving the script. */
declare const __ASSENT_BOOT__: InitOptions;

/** The boot options: the inlined token, else a `<script type="application/json" id="assent-boot">`. */
export function readBoot(doc: Document): InitOptions | undefined {
  try {
    return __ASSENT_BOOT__;
  } catch {
    const el = doc.getElementById('assent-boot');
    return el?.textContent ? (JSON.parse(el.textContent) as InitOptions) : undefined;
  }
}
