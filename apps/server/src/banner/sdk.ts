import { BANNER_PATHS } from '@assent/core/tags';

/**
 * The app SDK package's texts: a WebView page that runs the banner of an app property and hands
 * the visitor's choice to native code, and the guide for Android and iOS.
 */

/** The WebView page: loads an app property's banner (`?property=UUID`) and bridges its events. */
export function sdkWebViewPage(origin: string): string {
  const script = JSON.stringify(`${origin}${BANNER_PATHS.propertyScript('PROPERTY')}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Privacy choices</title>
<script>
(function () {
  var id = new URLSearchParams(location.search).get('property') || '';
  // Hands TC data to the app: Android addJavascriptInterface("AssentAndroid"), iOS message handler "assent".
  function toNative(data) {
    var json = JSON.stringify(data);
    if (window.AssentAndroid && window.AssentAndroid.onConsent) window.AssentAndroid.onConsent(json);
    if (window.webkit && window.webkit.messageHandlers && window.webkit.messageHandlers.assent)
      window.webkit.messageHandlers.assent.postMessage(json);
  }
  var s = document.createElement('script');
  s.async = true;
  s.src = ${script}.replace('PROPERTY', encodeURIComponent(id));
  s.onload = function () {
    if (typeof window.__tcfapi !== 'function') return toNative({ gdprApplies: false });
    window.__tcfapi('addEventListener', 2, function (tcData, ok) {
      if (!ok) return;
      if (tcData.gdprApplies === false || tcData.eventStatus === 'tcloaded' || tcData.eventStatus === 'useractioncomplete')
        toNative(tcData);
    });
  };
  document.head.appendChild(s);
})();
</script>
</head>
<body></body>
</html>
`;
}

/** The guide: where the files come from, and how Android and iOS apps show the banner. */
export function sdkReadme(
  origin: string,
  apps: ReadonlyArray<{ packageId: string; script: string }>,
): string {
  const table = apps.length
    ? [
        '| App (package id) | Banner script |',
        '| --- | --- |',
        ...apps.map((a) => `| ${a.packageId.replace(/\|/g, '')} | ${a.script} |`),
      ].join('\n')
    : 'No app is protected yet: create one with PROTECT AN APP in the console, then download this package again.';
  return `# Assent for apps (WebView)

Assent shows the consent banner of an app property inside a WebView and hands the visitor's choice
to your native code, which stores it where in-app vendors read it (IAB TCF "in-app" keys).

Server: ${origin}

## Your apps

${table}

## What is in this package

- \`webview/consent.html\`: the page to load in a WebView, with \`?property=<app uuid>\`. It loads the
  app's banner from the server and calls your native bridge with the TCF data (\`tcString\`,
  \`gdprApplies\`, \`purpose\`, \`vendor\`, …) when a stored choice is loaded and after every choice.
- \`runtime/\`: the consent runtime as served (\`stub.js\`, \`cmp.js\`, \`second-layer.js\`) and its
  sizes (\`manifest.json\`), for review. The page loads the live copy from the server, so banner and
  vendor-list updates reach your app without a release.

## Android (Kotlin)

\`\`\`kotlin
class AssentBridge(private val prefs: SharedPreferences, private val onDone: () -> Unit) {
    @JavascriptInterface
    fun onConsent(json: String) {
        val data = JSONObject(json)
        prefs.edit()
            .putInt("IABTCF_CmpSdkID", data.optInt("cmpId"))
            .putInt("IABTCF_gdprApplies", if (data.optBoolean("gdprApplies")) 1 else 0)
            .putString("IABTCF_TCString", data.optString("tcString"))
            .apply()
        onDone()
    }
}

webView.settings.javaScriptEnabled = true
webView.settings.domStorageEnabled = true
CookieManager.getInstance().setAcceptCookie(true)
webView.addJavascriptInterface(AssentBridge(PreferenceManager.getDefaultSharedPreferences(context)) { /* hide */ }, "AssentAndroid")
// Serve the page from an https base URL of yours so its cookies persist between launches.
val html = context.assets.open("consent.html").bufferedReader().readText()
webView.loadDataWithBaseURL("https://app.example.com/consent.html?property=$APP_UUID", html, "text/html", "utf-8", null)
\`\`\`

## iOS (Swift)

\`\`\`swift
final class AssentBridge: NSObject, WKScriptMessageHandler {
    func userContentController(_ controller: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let json = message.body as? String,
              let data = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return }
        let defaults = UserDefaults.standard
        defaults.set(data["cmpId"] as? Int ?? 0, forKey: "IABTCF_CmpSdkID")
        defaults.set((data["gdprApplies"] as? Bool ?? false) ? 1 : 0, forKey: "IABTCF_gdprApplies")
        defaults.set(data["tcString"] as? String ?? "", forKey: "IABTCF_TCString")
    }
}

let config = WKWebViewConfiguration()
config.userContentController.add(AssentBridge(), name: "assent")
let webView = WKWebView(frame: .zero, configuration: config)
let url = Bundle.main.url(forResource: "consent", withExtension: "html")!
let html = try String(contentsOf: url)
webView.loadHTMLString(html, baseURL: URL(string: "https://app.example.com/consent.html?property=\\(appUuid)"))
\`\`\`

## Notes

- Show the WebView full screen on first launch and from a "Privacy settings" item of your app menu
  (withdrawing must be as easy as consenting).
- The TC string is also readable with \`__tcfapi('getTCData', 2, cb)\` in any WebView that loads the page.
- Visits are counted per page view, as for sites (Reports in the console).
`;
}
