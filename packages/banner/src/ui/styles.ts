import type { BannerColors } from '@assent/core/runtime';

/** The banner's CSS (inside its shadow root only). Reject all has the same prominence as Accept all. */
export const bannerCss = (c: BannerColors): string =>
  `:host{all:initial}` +
  `.r{--fg:${c.fontColor};--ln:${c.linkColor};--bg:${c.backgroundColor};--tg:${c.toggleActiveColor};--pb:${c.primaryButtonColor};--pt:${c.primaryButtonTextColor};--sb:${c.secondaryButtonColor};--st:${c.secondaryButtonTextColor};font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}` +
  `.ov{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.45)}` +
  `.ov.bn{align-items:flex-end}` +
  `.dlg{box-sizing:border-box;position:relative;background:var(--bg);color:var(--fg);width:calc(100% - 32px);max-width:640px;max-height:calc(100% - 32px);overflow:auto;padding:24px;border-radius:8px;box-shadow:0 8px 32px rgba(0,0,0,.3)}` +
  `.bn .dlg{max-width:none;width:100%;max-height:70%;border-radius:0}` +
  `h2{font-size:20px;margin:0 0 8px}h3{font-size:15px;margin:16px 0 4px}p{margin:0 0 8px}ul{margin:0 0 8px;padding-left:20px}` +
  `a,.lk{color:var(--ln)}.lk{background:none;border:0;padding:0;font:inherit;text-decoration:underline;cursor:pointer}` +
  `.bs{display:flex;flex-wrap:wrap;gap:8px;margin-top:16px}.bs button{flex:1 1 auto}` +
  `.b{font:inherit;font-weight:600;cursor:pointer;border-radius:4px;padding:10px 18px;border:2px solid var(--pb)}` +
  `.p{background:var(--pb);color:var(--pt)}.s{background:var(--sb);color:var(--st)}` +
  `.x{position:absolute;top:8px;right:8px;background:none;border:0;font-size:22px;line-height:1;cursor:pointer;color:var(--fg);padding:4px 8px}` +
  `:focus-visible{outline:3px solid var(--ln);outline-offset:2px}` +
  `.tg{display:flex;gap:8px;align-items:center;margin:4px 0}.tg input{accent-color:var(--tg);width:18px;height:18px}` +
  `.ft{margin-top:12px;font-size:13px;display:flex;gap:12px;flex-wrap:wrap}` +
  `.pl{position:fixed;z-index:2147483646;margin:12px;font:13px system-ui,sans-serif;background:var(--bg);color:var(--ln);border:1px solid var(--ln);border-radius:16px;padding:6px 12px;cursor:pointer}` +
  `.BOTTOM_RIGHT{bottom:0;right:0}.BOTTOM_LEFT{bottom:0;left:0}.TOP_RIGHT{top:0;right:0}.TOP_LEFT{top:0;left:0}`;
