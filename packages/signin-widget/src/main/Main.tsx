import { Fragment, useEffect, useRef } from "react";
import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { configError, inputTabs, type MainGroup, mainGroups } from "../products.ts";
import { ErrorText } from "../ui/ErrorText.tsx";
import { Divider } from "../ui/misc.tsx";
import { InputTabs } from "./InputTabs.tsx";
import { OAuthButtons } from "./OAuthButtons.tsx";
import { PasskeyButton } from "./PasskeyButton.tsx";
import { WalletButtons } from "./WalletButtons.tsx";

/** Main: logo, header, then the login method groups separated by 'or' dividers. */
export function Main() {
  const ctx = useWidget();
  const { config } = ctx;
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    ctx.client.events.renderLoginScreen(config);
  }, [ctx.client, config]);

  const problem = configError(config);
  const logo = config.theme?.logo?.logoImageUrl;
  const group = (g: MainGroup) => {
    if (g === "oauth") return <OAuthButtons />;
    if (g === "crypto") return <WalletButtons />;
    if (g === "passkeys") return <PasskeyButton />;
    return <InputTabs tabs={inputTabs(config)} />;
  };

  return (
    <div className="dbsw-stack">
      {logo ? <img className="dbsw-logo" src={logo} alt="" /> : null}
      {config.theme?.hideHeaderText ? null : <h1 className="dbsw-header">{TEXT.header}</h1>}
      {problem ? (
        <ErrorText message={problem} />
      ) : (
        mainGroups(config).map((g, i) => (
          <Fragment key={g}>
            {i > 0 ? <Divider /> : null}
            {group(g)}
          </Fragment>
        ))
      )}
    </div>
  );
}
