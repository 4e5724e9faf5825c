/**
 * The one catalog of the station's errors. Every StationError code is a key here; each entry
 * carries the English and Chinese (zh-CN) text and remedy as i18next-style templates with
 * {{param}} placeholders, and whether the same request may succeed if sent again unchanged.
 * `retryable: false` on an issue outcome means "reconcile first": never resend blindly.
 * Both languages of an entry use the same parameters (a test checks it).
 */
export const errorCatalog = {
  'config.token-missing': {
    retryable: false,
    en: { text: 'No access token is set.', remedy: 'Enter the access token in Settings.' },
    zh: { text: '尚未设置访问令牌（access token）。', remedy: '请在“设置”中填写访问令牌。' },
  },
  'config.base-url-invalid': {
    retryable: false,
    en: { text: 'The gateway address “{{baseUrl}}” is not a valid http(s) URL.', remedy: 'Correct the gateway address in Settings.' },
    zh: { text: '网关地址“{{baseUrl}}”不是有效的 http(s) 地址。', remedy: '请在“设置”中改正网关地址。' },
  },
  cancelled: {
    retryable: true,
    en: { text: 'The operation was cancelled.', remedy: 'Start it again when you are ready.' },
    zh: { text: '操作已取消。', remedy: '需要时可重新开始。' },
  },

  'internal.unexpected': {
    retryable: false,
    en: { text: 'Something unexpected went wrong inside the station.', remedy: 'Try again; if it happens again, send the log file to support.' },
    zh: { text: '程序内部发生了意外错误。', remedy: '请重试；如果再次出现，请将日志文件发送给技术支持。' },
  },
  'ipc.unknown-channel': {
    retryable: false,
    en: { text: 'The window asked for “{{channel}}”, which the station does not offer.', remedy: 'Restart the app; if it happens again, send the log file to support.' },
    zh: { text: '界面请求了程序不提供的功能“{{channel}}”。', remedy: '请重启程序；如果再次出现，请将日志文件发送给技术支持。' },
  },
  'ipc.invalid-input': {
    retryable: false,
    en: { text: 'The request “{{channel}}” carried invalid input: {{problems}}', remedy: 'Check the values entered and try again.' },
    zh: { text: '请求“{{channel}}”的输入无效：{{problems}}', remedy: '请检查输入的内容后重试。' },
  },
  'ipc.untrusted-sender': {
    retryable: false,
    en: { text: 'The request “{{channel}}” came from a page the station does not trust and was refused.', remedy: 'Use the station’s own window.' },
    zh: { text: '请求“{{channel}}”来自不受信任的页面，已被拒绝。', remedy: '请使用程序自身的窗口操作。' },
  },
  'host.refused': {
    retryable: false,
    en: { text: 'The station refused the request: {{reason}}', remedy: 'Open the station from the address it printed at start-up.' },
    zh: { text: '程序拒绝了该请求：{{reason}}', remedy: '请使用程序启动时显示的地址打开。' },
  },
  'host.unreachable': {
    retryable: true,
    en: { text: 'The page cannot reach the station.', remedy: 'Check that the station is still running, then reload the page.' },
    zh: { text: '页面无法连接到程序。', remedy: '请确认程序仍在运行，然后刷新页面。' },
  },

  'transport.timeout': {
    retryable: true,
    en: { text: 'The gateway did not answer within {{timeoutMs}} ms.', remedy: 'Check the network connection and try again.' },
    zh: { text: '网关在 {{timeoutMs}} 毫秒内没有响应。', remedy: '请检查网络连接后重试。' },
  },
  'transport.refused': {
    retryable: true,
    en: { text: 'The gateway at {{baseUrl}} refused the connection.', remedy: 'Check the gateway address in Settings and that the gateway is reachable, then try again.' },
    zh: { text: '网关 {{baseUrl}} 拒绝了连接。', remedy: '请检查“设置”中的网关地址以及网关能否访问，然后重试。' },
  },
  'transport.reset': {
    retryable: true,
    en: { text: 'The connection to the gateway was dropped before an answer arrived.', remedy: 'Check the network connection and try again.' },
    zh: { text: '在收到响应之前，与网关的连接被断开。', remedy: '请检查网络连接后重试。' },
  },
  'transport.failed': {
    retryable: true,
    en: { text: 'The gateway could not be reached ({{reason}}).', remedy: 'Check the network connection and the gateway address, then try again.' },
    zh: { text: '无法连接网关（{{reason}}）。', remedy: '请检查网络连接和网关地址后重试。' },
  },
  'transport.answer-too-large': {
    retryable: false,
    en: { text: 'The gateway’s answer (HTTP {{httpStatus}}) is larger than {{limitBytes}} bytes, the most the station reads; it was not read.', remedy: 'Check the gateway address in Settings. A waybill request answered so is checked through the query endpoint before anything is issued again.' },
    zh: { text: '网关的响应（HTTP {{httpStatus}}）超过了程序可读取的上限 {{limitBytes}} 字节，未读取。', remedy: '请检查“设置”中的网关地址。若是取号请求，将先通过查询接口核对，再决定是否重新取号。' },
  },
  'transport.unparsable': {
    retryable: true,
    en: { text: 'The gateway answered (HTTP {{httpStatus}}) with a body that is not a readable response.', remedy: 'Try again; if it persists, check the gateway address.' },
    zh: { text: '网关的响应（HTTP {{httpStatus}}）无法解析。', remedy: '请重试；如果一直出现，请检查网关地址。' },
  },
  'transport.server-error': {
    retryable: true,
    en: { text: 'The gateway failed with HTTP status {{httpStatus}}.', remedy: 'Try again later.' },
    zh: { text: '网关出错，HTTP 状态码 {{httpStatus}}。', remedy: '请稍后重试。' },
  },
  'transport.http-status': {
    retryable: false,
    en: { text: 'The gateway answered with unexpected HTTP status {{httpStatus}}.', remedy: 'Check the gateway address in Settings.' },
    zh: { text: '网关返回了意外的 HTTP 状态码 {{httpStatus}}。', remedy: '请检查“设置”中的网关地址。' },
  },

  'gateway.redirected': {
    retryable: false,
    en: { text: 'The gateway at {{baseUrl}} redirected the call to {{location}} (HTTP {{httpStatus}}). The station does not follow redirects, so the access token was not sent there.', remedy: 'If {{location}} is the gateway’s right address, enter it in Settings together with its token; otherwise ask the gateway operator.' },
    zh: { text: '网关 {{baseUrl}} 将请求重定向到 {{location}}（HTTP {{httpStatus}}）。程序不跟随重定向，访问令牌未发送到该地址。', remedy: '如果 {{location}} 是网关的正确地址，请在“设置”中填写该地址及其令牌；否则请联系网关运营方。' },
  },
  'gateway.parameter-error': {
    retryable: false,
    en: { text: 'The gateway rejected the request parameters: {{message}}', remedy: 'Check the field named in the message and correct it.' },
    zh: { text: '网关提示请求参数错误：{{message}}', remedy: '请检查提示中所指的字段并改正。' },
  },
  'gateway.timed-out': {
    retryable: true,
    en: { text: 'The gateway timed out: {{message}}', remedy: 'Try again; check the network connection.' },
    zh: { text: '网关请求超时：{{message}}', remedy: '请重试，并检查网络连接。' },
  },
  'gateway.shop-not-found': {
    retryable: false,
    en: { text: 'The gateway knows no shop with the id {{shopId}}.', remedy: 'Correct the shop id in Settings → Gateway connection (the number the gateway operator gave for the shop, not its name).' },
    zh: { text: '网关找不到店铺 ID 为 {{shopId}} 的店铺。', remedy: '请在“设置 → 网关连接”中改正店铺 ID（网关服务商给出的店铺编号，不是店铺名称）。' },
  },
  'gateway.nickname-not-found': {
    retryable: false,
    en: { text: 'The gateway does not know the seller nickname “{{nick}}”: {{message}}', remedy: 'Correct the seller nickname in Settings (the account nickname, not the shop name).' },
    zh: { text: '网关找不到卖家昵称“{{nick}}”：{{message}}', remedy: '请在“设置”中改正卖家昵称（账号昵称，而不是店铺名称）。' },
  },
  'gateway.system-error': {
    retryable: false,
    en: { text: 'The gateway reported a system error: {{message}}', remedy: 'Check the gateway address in Settings; if it is right, contact the gateway support.' },
    zh: { text: '网关系统错误：{{message}}', remedy: '请检查“设置”中的网关地址；地址无误时请联系网关客服。' },
  },
  'gateway.busy': {
    retryable: true,
    en: { text: 'The gateway is busy: {{message}}', remedy: 'Try again in a moment.' },
    zh: { text: '网关繁忙：{{message}}', remedy: '请稍后重试。' },
  },
  'gateway.rate-limited': {
    retryable: true,
    en: { text: 'The gateway refused the call because the rate limit was exceeded: {{message}}', remedy: 'Wait a moment and try again; the call was not processed.' },
    zh: { text: '调用频率超限，网关未处理该请求：{{message}}', remedy: '请稍等片刻后重试；该请求未被处理。' },
  },
  'gateway.not-supported': {
    retryable: false,
    en: { text: 'The gateway does not support this interface at present: {{message}}', remedy: 'Check the edition settings, or ask the gateway operator.' },
    zh: { text: '网关暂不支持该接口：{{message}}', remedy: '请检查版本设置，或咨询网关运营方。' },
  },
  'gateway.no-permission': {
    retryable: false,
    en: { text: 'This account has no permission for the interface: {{message}}', remedy: 'Ask the gateway operator to open the interface permission for this account.' },
    zh: { text: '该账号没有此接口的权限：{{message}}', remedy: '请联系网关运营方为该账号开通接口权限。' },
  },
  'gateway.no-quota': {
    retryable: false,
    en: { text: 'The account has no call quota left: {{message}}', remedy: 'Top up the call quota, then try again.' },
    zh: { text: '账号的调用额度已用完：{{message}}', remedy: '请充值调用额度后重试。' },
  },
  'gateway.shop-not-authorized': {
    retryable: false,
    en: { text: 'The shop has not authorized this account: {{message}}', remedy: 'Scan the QR code or open the authorization link {{authUrl}}, authorize the shop, then try again.' },
    zh: { text: '店铺尚未授权：{{message}}', remedy: '请扫描二维码或打开授权链接 {{authUrl}} 完成店铺授权，然后重试。' },
  },
  'gateway.unauthorized-token': {
    retryable: false,
    en: { text: 'The gateway rejected the access token: it is wrong, expired or revoked.', remedy: 'All gateway work is stopped. Paste the current token from the gateway operator into Settings → Gateway connection, then Test connection.' },
    zh: { text: '网关拒绝了访问令牌：令牌有误、已过期或已被撤销。', remedy: '所有网关操作已停止。请把网关服务商提供的最新令牌粘贴到“设置 → 网关连接”，再点击“测试连接”。' },
  },
  'gateway.path-not-found': {
    retryable: false,
    en: { text: 'The gateway answered “not found” for {{path}} and for its alias.', remedy: 'Check the gateway address in Settings.' },
    zh: { text: '网关对 {{path}} 及其备用路径都返回“未找到”。', remedy: '请检查“设置”中的网关地址。' },
  },
  'gateway.unknown-code': {
    retryable: false,
    en: { text: 'The gateway answered with unknown code {{gatewayCode}}: {{message}}', remedy: 'Contact the gateway support with this message.' },
    zh: { text: '网关返回了未知的错误码 {{gatewayCode}}：{{message}}', remedy: '请带上此提示联系网关客服。' },
  },
  'gateway.unexpected-data': {
    retryable: false,
    en: { text: 'The gateway’s answer to {{endpoint}} lacks expected data ({{detail}}).', remedy: 'Check the gateway address and edition settings; if they are right, contact the gateway support.' },
    zh: { text: '网关对 {{endpoint}} 的响应缺少应有的数据（{{detail}}）。', remedy: '请检查网关地址和版本设置；无误时请联系网关客服。' },
  },
  'gateway.total-out-of-range': {
    retryable: false,
    en: { text: 'The gateway says the shop has {{value}} sold orders, which is not a whole number from 0 to {{limit}}; the fetch stopped without asking for more pages.', remedy: 'Nothing more was fetched or charged. Check the gateway address and the shop id in Settings; if they are right, load fewer orders with “Fetch by condition” (a paid-time range), or contact the gateway support with this message.' },
    zh: { text: '网关称该店铺有 {{value}} 个已售订单，这不是 0 到 {{limit}} 之间的整数；已停止获取，没有再请求后续页。', remedy: '没有继续获取，也没有产生更多费用。请检查“设置”中的网关地址和店铺 ID；无误时请用“按条件获取”（付款时间范围）减少订单数量，或带上此提示联系网关客服。' },
  },
  'gateway.issue-rejected.stop-job': {
    retryable: false,
    en: { text: 'The gateway rejected the waybill request, and no other order of this job can succeed: {{message}}', remedy: 'The job is stopped; waybills already issued are kept. Fix the cause named in the message (balance, carrier service, subscription, sender address or template), then start the job again.' },
    zh: { text: '网关拒绝了取号请求，本批次其他订单也无法成功：{{message}}', remedy: '任务已停止，已取得的面单会保留。请按提示处理（余额、快递服务、订购、发货地址或模板）后重新开始。' },
  },
  'gateway.issue-rejected.this-order-only': {
    retryable: false,
    en: { text: 'The gateway rejected an order of this request: {{message}}', remedy: 'The order is set aside and the others go on; correct the order as the message says, then issue it again.' },
    zh: { text: '网关拒绝了该请求中的某个订单：{{message}}', remedy: '该订单已被单独挑出，其他订单继续处理；请按提示修改该订单后重新取号。' },
  },
  'gateway.issue-rejected.outcome-unknown': {
    retryable: false,
    en: { text: 'The gateway failed while generating waybill numbers, so whether they were issued is unknown: {{message}}', remedy: 'The orders are checked through the query endpoint before any of them is issued again.' },
    zh: { text: '网关生成面单号时出错，无法确定是否已取号：{{message}}', remedy: '将先通过查询接口核对这些订单，再决定是否重新取号。' },
  },
  'gateway.issue-rejected.already-issued': {
    retryable: false,
    en: { text: 'Some of these orders already have waybills: {{message}}', remedy: 'The existing waybills are looked up through the query endpoint and the remaining orders are issued.' },
    zh: { text: '部分订单已经取过面单号：{{message}}', remedy: '将通过查询接口取回已有面单，并为其余订单取号。' },
  },
  'gateway.issue-answer-lost': {
    retryable: false,
    en: { text: 'The answer to the waybill request was lost, so whether waybills were issued is unknown.', remedy: 'The orders are checked through the query endpoint before any of them is issued again.' },
    zh: { text: '取号请求的响应丢失，无法确定是否已取号。', remedy: '将先通过查询接口核对这些订单，再决定是否重新取号。' },
  },
  'gateway.entry-failed': {
    retryable: false,
    en: { text: 'The gateway reported a failure for entry {{objectId}} ({{entryCode}}): {{message}}', remedy: 'Correct the order as the message says, then try again.' },
    zh: { text: '网关报告条目 {{objectId}} 失败（{{entryCode}}）：{{message}}', remedy: '请按提示修改该订单后重试。' },
  },
  'gateway.entry-missing': {
    retryable: false,
    en: { text: 'The gateway’s answer has no result for entry {{objectId}}.', remedy: 'The order is checked through the query endpoint before it is issued again.' },
    zh: { text: '网关的响应中没有条目 {{objectId}} 的结果。', remedy: '将先通过查询接口核对该订单，再决定是否重新取号。' },
  },
  'gateway.answer-unclear': {
    retryable: false,
    en: { text: 'The gateway’s answer about {{objectId}} is unclear ({{detail}}; gateway: {{entryCode}} {{message}}), so whether it has a waybill is unknown.', remedy: 'Nothing is issued for it until the query endpoint answers plainly; it is asked again later. If this stays, check the order on the platform or contact the gateway support with this message.' },
    zh: { text: '网关关于 {{objectId}} 的响应不明确（{{detail}}；网关原话：{{entryCode}} {{message}}），无法确定是否已取号。', remedy: '在查询接口给出明确答复之前不会为其重新取号，稍后会再次查询。如果一直如此，请在平台上核对该订单，或带上此提示联系网关客服。' },
  },
  'gateway.print-data-unreadable': {
    retryable: false,
    en: { text: 'The print data of waybill {{waybillCode}} (entry {{objectId}}) cannot be read.', remedy: 'The waybill number is recorded; fetch its print data again through the query endpoint.' },
    zh: { text: '面单 {{waybillCode}}（条目 {{objectId}}）的打印数据无法解析。', remedy: '面单号已记录；请通过查询接口重新获取打印数据。' },
  },

  'validation.required': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} is required but empty.', remedy: 'Fill in {{field}} for order {{orderId}}.' },
    zh: { text: '订单 {{orderId}}：{{field}} 为必填项，当前为空。', remedy: '请为订单 {{orderId}} 填写 {{field}}。' },
  },
  'validation.too-long': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} has {{length}} characters; the limit is {{limit}}.', remedy: 'Shorten {{field}} to at most {{limit}} characters.' },
    zh: { text: '订单 {{orderId}}：{{field}} 有 {{length}} 个字符，上限为 {{limit}}。', remedy: '请将 {{field}} 缩短到不超过 {{limit}} 个字符。' },
  },
  'validation.too-many': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} has {{count}} entries; the limit is {{limit}}.', remedy: 'Split the order so that {{field}} has at most {{limit}} entries.' },
    zh: { text: '订单 {{orderId}}：{{field}} 有 {{count}} 项，上限为 {{limit}}。', remedy: '请拆分订单，使 {{field}} 不超过 {{limit}} 项。' },
  },
  'validation.invalid-characters': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} “{{value}}” may contain only {{allowed}}.', remedy: 'Use the platform’s real value for {{field}}, with only {{allowed}}.' },
    zh: { text: '订单 {{orderId}}：{{field}}“{{value}}”只能包含{{allowed}}。', remedy: '请为 {{field}} 使用平台的真实值，且只包含{{allowed}}。' },
  },
  'validation.count-not-positive': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} is {{value}}; it must be greater than {{limit}}.', remedy: 'Set {{field}} to a number greater than {{limit}}.' },
    zh: { text: '订单 {{orderId}}：{{field}} 为 {{value}}，必须大于 {{limit}}。', remedy: '请将 {{field}} 设为大于 {{limit}} 的数。' },
  },
  'validation.phone-required': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} needs a mobile or a landline number; both are empty.', remedy: 'Fill in the mobile or the landline number of {{field}}.' },
    zh: { text: '订单 {{orderId}}：{{field}} 的手机和固话都为空，至少需要填写一个。', remedy: '请填写 {{field}} 的手机或固话号码。' },
  },
  'validation.duplicate': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} “{{value}}” appears more than once in the same request (compared {{comparison}}).', remedy: 'Give each entry its own {{field}}, or send the orders in separate requests.' },
    zh: { text: '订单 {{orderId}}：{{field}}“{{value}}”在同一请求中重复（比较方式：{{comparison}}）。', remedy: '请让每个条目使用不同的 {{field}}，或分开提交。' },
  },
  'validation.unknown-value': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} “{{value}}” is not one of the allowed values.', remedy: 'Choose one of the allowed values for {{field}}: {{allowed}}.' },
    zh: { text: '订单 {{orderId}}：{{field}}“{{value}}”不是允许的取值。', remedy: '请为 {{field}} 选择允许的取值：{{allowed}}。' },
  },
  'validation.not-json': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} is not valid JSON text.', remedy: 'Write {{field}} as JSON text built from the services the branch offers, or leave it empty.' },
    zh: { text: '订单 {{orderId}}：{{field}} 不是有效的 JSON 文本。', remedy: '请按网点提供的服务将 {{field}} 写成 JSON 文本，或留空。' },
  },
  'validation.bad-template-url': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{field}} “{{value}}” is not a standard cloud-print template address.', remedy: 'Choose the carrier’s standard template, an address like https://…/template/standard/<id>.' },
    zh: { text: '订单 {{orderId}}：{{field}}“{{value}}”不是标准云打印模板地址。', remedy: '请选择该快递的标准模板，地址形如 https://…/template/standard/<id>。' },
  },
  'validation.request-required': {
    retryable: false,
    en: { text: '{{field}} is required for every request but is empty.', remedy: 'Fill in {{field}}.' },
    zh: { text: '{{field}} 是每个请求的必填项，当前为空。', remedy: '请填写{{field}}。' },
  },
  'validation.request-too-long': {
    retryable: false,
    en: { text: '{{field}} has {{length}} characters; the limit is {{limit}}.', remedy: 'Shorten {{field}} to at most {{limit}} characters.' },
    zh: { text: '{{field}} 有 {{length}} 个字符，上限为 {{limit}}。', remedy: '请将{{field}}缩短到不超过 {{limit}} 个字符。' },
  },
  'validation.request-phone-required': {
    retryable: false,
    en: { text: '{{field}} needs a mobile or a landline number; both are empty.', remedy: 'Fill in the mobile or the landline number of {{field}}.' },
    zh: { text: '{{field}} 的手机和固话都为空，至少需要填写一个。', remedy: '请填写{{field}}的手机或固话号码。' },
  },
  'validation.batch-too-large': {
    retryable: false,
    en: { text: 'The request has {{count}} entries in {{field}}; the limit is {{limit}}.', remedy: 'Send at most {{limit}} entries per request.' },
    zh: { text: '请求的 {{field}} 有 {{count}} 个条目，上限为 {{limit}}。', remedy: '每次请求最多发送 {{limit}} 个条目。' },
  },
  'validation.out-of-range': {
    retryable: false,
    en: { text: '{{field}} is {{value}}; it must be between {{min}} and {{limit}}.', remedy: 'Set {{field}} between {{min}} and {{limit}}.' },
    zh: { text: '{{field}} 为 {{value}}，必须在 {{min}} 到 {{limit}} 之间。', remedy: '请将 {{field}} 设在 {{min}} 到 {{limit}} 之间。' },
  },
  'validation.parcels-not-supported': {
    retryable: false,
    en: { text: 'Order {{orderId}}: the carrier {{carrier}} does not take several parcels of one order (multi_packages_shipment).', remedy: 'Ship order {{orderId}} as one parcel, or choose a carrier that takes several parcels per order.' },
    zh: { text: '订单 {{orderId}}：快递 {{carrier}} 不支持一单多包（multi_packages_shipment）。', remedy: '请将订单 {{orderId}} 作为一个包裹发货，或改用支持一单多包的快递。' },
  },
  'validation.parcels-count': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{count}} parcels; an order ships in {{min}} to {{limit}} parcels (all in one issue call).', remedy: 'Set the parcels of order {{orderId}} between {{min}} and {{limit}}, or 1 for a single parcel.' },
    zh: { text: '订单 {{orderId}}：包裹数为 {{count}}；一单多包的包裹数须在 {{min}} 到 {{limit}} 之间（同一次取号请求）。', remedy: '请将订单 {{orderId}} 的包裹数设在 {{min}} 到 {{limit}} 之间，单个包裹请设为 1。' },
  },
  'validation.parcels-split-empty': {
    retryable: false,
    en: { text: 'Order {{orderId}}: parcel {{parcel}} holds {{count}} of the goods; every parcel holds at least 1.', remedy: 'Give parcel {{parcel}} at least one of the goods, or ship fewer parcels.' },
    zh: { text: '订单 {{orderId}}：第 {{parcel}} 个包裹的商品数为 {{count}}；每个包裹至少 1 件。', remedy: '请给第 {{parcel}} 个包裹至少分配 1 件商品，或减少包裹数。' },
  },
  'validation.parcels-split-total': {
    retryable: false,
    en: { text: 'Order {{orderId}}: its {{parcels}} parcels hold {{total}} of the goods; the order has {{goodsCount}}.', remedy: 'Share out exactly {{goodsCount}} goods over the parcels of order {{orderId}}, or untick “Split the goods” to put all of them on every parcel.' },
    zh: { text: '订单 {{orderId}}：{{parcels}} 个包裹共分配了 {{total}} 件商品，而订单有 {{goodsCount}} 件。', remedy: '请把订单 {{orderId}} 的 {{goodsCount}} 件商品正好分配到各包裹，或取消“拆分商品”，让每个包裹都带全部商品。' },
  },
  'validation.service-not-offered': {
    retryable: false,
    en: { text: 'The branch {{branch}} does not offer the service {{serviceName}} ({{service}}).', remedy: 'Untick {{serviceName}} in the plan (Services and package), or ship from a branch that offers it; a default in Settings → Sender applies to every branch of the carrier.' },
    zh: { text: '网点 {{branch}} 不提供增值服务“{{serviceName}}”（{{service}}）。', remedy: '请在计划的“增值服务与包裹”中取消“{{serviceName}}”，或改用提供该服务的网点发货；“设置 → 寄件人”中的默认值适用于该快递公司的所有网点。' },
  },
  'validation.service-value-required': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{serviceName}} needs {{attribute}}.', remedy: 'Enter {{attribute}} for {{serviceName}} in the plan, for all orders or for this order.' },
    zh: { text: '订单 {{orderId}}：“{{serviceName}}”需要填写{{attribute}}。', remedy: '请在计划中为“{{serviceName}}”填写{{attribute}}（全部订单或单个订单）。' },
  },
  'validation.service-value-not-number': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{attribute}} of {{serviceName}} is “{{value}}”, not a number.', remedy: 'Enter {{attribute}} as a number, e.g. 200.' },
    zh: { text: '订单 {{orderId}}：“{{serviceName}}”的{{attribute}}为“{{value}}”，不是数字。', remedy: '请将{{attribute}}填写为数字，例如 200。' },
  },
  'validation.service-value-out-of-range': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{attribute}} of {{serviceName}} is {{value}}; the branch accepts {{min}} to {{max}}.', remedy: 'Enter {{attribute}} between {{min}} and {{max}}.' },
    zh: { text: '订单 {{orderId}}：“{{serviceName}}”的{{attribute}}为 {{value}}，网点接受 {{min}} 到 {{max}}。', remedy: '请将{{attribute}}填写在 {{min}} 到 {{max}} 之间。' },
  },
  'validation.service-value-not-allowed': {
    retryable: false,
    en: { text: 'Order {{orderId}}: {{attribute}} of {{serviceName}} is “{{value}}”, which the branch does not offer.', remedy: 'Choose one of: {{allowed}}.' },
    zh: { text: '订单 {{orderId}}：“{{serviceName}}”的{{attribute}}“{{value}}”不在网点提供的选项中。', remedy: '请从以下选项中选择：{{allowed}}。' },
  },
  'validation.weight-invalid': {
    retryable: false,
    en: { text: 'Order {{orderId}}: the weight {{value}} g is not a positive number.', remedy: 'Enter the package weight in grams (e.g. 500), or leave it empty.' },
    zh: { text: '订单 {{orderId}}：重量 {{value}} 克不是正数。', remedy: '请以克为单位填写包裹重量（例如 500），或留空。' },
  },
  'validation.volume-invalid': {
    retryable: false,
    en: { text: 'Order {{orderId}}: the volume {{value}} ml is not a positive number.', remedy: 'Enter the package volume in millilitres (e.g. 3000), or leave it empty.' },
    zh: { text: '订单 {{orderId}}：体积 {{value}} 毫升不是正数。', remedy: '请以毫升为单位填写包裹体积（例如 3000），或留空。' },
  },
  'validation.pickup-time-invalid': {
    retryable: false,
    en: { text: 'The pickup time {{field}} “{{value}}” is not a time like 2026-11-25 14:00:00.', remedy: 'Choose the pickup window again in the plan.' },
    zh: { text: '上门取件时间 {{field}}“{{value}}”不是 2026-11-25 14:00:00 这样的时间。', remedy: '请在计划中重新选择取件时间段。' },
  },
  'validation.pickup-window-empty': {
    retryable: false,
    en: { text: 'The pickup window ends ({{end}}) before or when it starts ({{start}}).', remedy: 'Choose an end after the start.' },
    zh: { text: '上门取件时间段的结束（{{end}}）不晚于开始（{{start}}）。', remedy: '请选择晚于开始时间的结束时间。' },
  },
  'validation.filters-need-enhanced': {
    retryable: false,
    en: { text: 'The sold-order filter {{field}} works only when sold orders are requested with vvtype 1; the effective vvtype is {{vvtype}}.', remedy: 'Switch to an edition whose sold-order vvtype is 1, or filter the loaded orders locally.' },
    zh: { text: '订单筛选条件 {{field}} 仅在以 vvtype 1 请求订单时有效，当前 vvtype 为 {{vvtype}}。', remedy: '请切换到订单 vvtype 为 1 的版本，或在已加载的订单中本地筛选。' },
  },
  'settings.invalid': {
    retryable: false,
    en: { text: 'The setting {{field}} was not saved: {{problem}}', remedy: 'Correct {{field}} and save again; the other settings are unchanged.' },
    zh: { text: '设置项 {{field}} 未保存：{{problem}}', remedy: '请改正 {{field}} 后再保存；其他设置未受影响。' },
  },
  'settings.gateway-insecure': {
    retryable: false,
    en: { text: 'The gateway address {{baseUrl}} uses http://, which would send the access token unencrypted.', remedy: 'Enter the gateway’s https:// address (http:// only for this computer: 127.0.0.1, ::1, localhost).' },
    zh: { text: '网关地址 {{baseUrl}} 使用 http://，访问令牌将以明文发送。', remedy: '请填写网关的 https:// 地址（仅本机地址 127.0.0.1、::1、localhost 可使用 http://）。' },
  },
  'settings.gateway-busy': {
    retryable: true,
    en: { text: 'The gateway or shop cannot change now: {{jobs}} job(s) are running and {{labels}} label(s) are on their way to the printer under the current one.', remedy: 'Let the job finish (or stop it) and the labels print, then change the connection.' },
    zh: { text: '现在不能更换网关或店铺：当前网关下有 {{jobs}} 个任务正在运行，{{labels}} 张面单正在送往打印机。', remedy: '请等任务完成（或停止任务）、面单打印完后，再更换连接。' },
  },
  'settings.shop-not-set': {
    retryable: false,
    en: { text: 'The shop {{shopId}} is not one of the shops set in Settings → Connection.', remedy: 'Add the shop to the connection settings, or leave its orders out.' },
    zh: { text: '店铺 {{shopId}} 不在「设置 → 连接」的店铺列表中。', remedy: '请在连接设置中添加该店铺，或不处理它的订单。' },
  },
  'settings.write-failed': {
    retryable: true,
    en: { text: 'The settings could not be saved ({{reason}}).', remedy: 'Check that the data folder is writable and has free space, then try again.' },
    zh: { text: '设置无法保存（{{reason}}）。', remedy: '请确认数据文件夹可写且磁盘有剩余空间，然后重试。' },
  },
  'settings.unreadable': {
    retryable: false,
    en: { text: 'The settings file {{filePath}} cannot be read ({{reason}}).', remedy: 'Check the file’s permissions, or move it away to start from default settings.' },
    zh: { text: '无法读取设置文件 {{filePath}}（{{reason}}）。', remedy: '请检查该文件的权限，或将其移走以使用默认设置启动。' },
  },
  'settings.need-attention': {
    retryable: false,
    en: {
      text: 'No settings could be read, and the journal holds work of a real gateway: nothing is issued or printed ({{channel}} refused) until the connection is set again.',
      remedy: 'Open Settings (or the setup) and choose the gateway and shop again — or demo mode, if that is what this desk uses.',
    },
    zh: {
      text: '无法读取设置，而记录中有真实网关的任务：在重新设置连接之前不会取号或打印（已拒绝 {{channel}}）。',
      remedy: '请打开“设置”（或初始设置）重新选择网关和店铺；如果本工作台使用演示模式，请选择演示模式。',
    },
  },
  'database.not-a-database': {
    retryable: false,
    en: { text: 'The journal database {{file}} is not a database: the station does not open it, so no waybill is lost or issued twice.', remedy: 'Quit, move that file away and put a backup copy in its place (newest first: {{backups}}); then start again.' },
    zh: { text: '记录数据库 {{file}} 不是有效的数据库：程序不会打开它，以免丢失或重复取号。', remedy: '请退出程序，将该文件移走，并用备份副本替换（最新的在前：{{backups}}），然后重新启动。' },
  },
  'database.corrupt': {
    retryable: false,
    en: { text: 'The journal database {{file}} is damaged ({{detail}}): the station does not open it, so no waybill is lost or issued twice.', remedy: 'Quit, keep that file for support, and put a backup copy in its place (newest first: {{backups}}); then start again.' },
    zh: { text: '记录数据库 {{file}} 已损坏（{{detail}}）：程序不会打开它，以免丢失或重复取号。', remedy: '请退出程序，保留该文件以便技术支持查看，并用备份副本替换（最新的在前：{{backups}}），然后重新启动。' },
  },
  'database.newer-schema': {
    retryable: false,
    en: { text: 'The journal database {{file}} was written by a newer version of the app (schema {{version}}; this version knows up to {{known}}).', remedy: 'Install the newer version again, or put back the backup copy made before it upgraded the database (newest first: {{backups}}).' },
    zh: { text: '记录数据库 {{file}} 由更新版本的程序写入（结构版本 {{version}}；本版本最多支持 {{known}}）。', remedy: '请重新安装较新的版本，或放回升级数据库前的备份副本（最新的在前：{{backups}}）。' },
  },
  'token-vault.invalid-token': {
    retryable: false,
    en: { text: 'That is not a usable access token ({{problem}}; at most {{maxLength}} visible characters, no spaces).', remedy: 'Paste the access token exactly as the gateway operator gave it.' },
    zh: { text: '这不是可用的访问令牌（{{problem}}；最多 {{maxLength}} 个可见字符，不含空格）。', remedy: '请按网关运营方提供的原样粘贴访问令牌。' },
  },
  'token-vault.unreadable': {
    retryable: false,
    en: { text: 'The stored access token cannot be read ({{reason}}).', remedy: 'Enter the access token again in Settings; it replaces the unreadable one.' },
    zh: { text: '无法读取已保存的访问令牌（{{reason}}）。', remedy: '请在“设置”中重新填写访问令牌，新令牌将替换无法读取的令牌。' },
  },
  'token-vault.encryption-unavailable': {
    retryable: false,
    en: { text: 'The system’s secure storage is not available, so the access token cannot be stored encrypted.', remedy: 'Sign in to the desktop session (macOS keychain, Windows account, or a Linux keyring), then enter the token again.' },
    zh: { text: '系统的安全存储不可用，无法加密保存访问令牌。', remedy: '请登录桌面会话（macOS 钥匙串、Windows 账户或 Linux 密钥环）后重新填写令牌。' },
  },
  'token-vault.weak-protection': {
    retryable: false,
    en: { text: 'This computer has no keyring ({{backend}}): the access token would be stored with a key anyone who can read your files can use.', remedy: 'Sign in to a desktop session with a keyring (GNOME Keyring, KWallet) to store it protected, or confirm to store it anyway.' },
    zh: { text: '本机没有可用的密钥环（{{backend}}）：访问令牌将以任何能读取您文件的人都能解开的方式保存。', remedy: '请登录带密钥环（GNOME 密钥环、KWallet）的桌面会话以受保护地保存，或确认仍要保存。' },
  },
  'token-vault.write-failed': {
    retryable: true,
    en: { text: 'The access token could not be saved ({{reason}}).', remedy: 'Check that the data folder is writable and has free space, then try again.' },
    zh: { text: '访问令牌无法保存（{{reason}}）。', remedy: '请确认数据文件夹可写且磁盘有剩余空间，然后重试。' },
  },
  'shared-mode.not-configured': {
    retryable: false,
    en: { text: 'Shared mode needs the {{missing}} of the shared database.', remedy: 'Fill it in under Settings → Shared mode and save.' },
    zh: { text: '共享模式需要共享数据库的{{missing}}。', remedy: '请在“设置 → 共享模式”中填写并保存。' },
  },
  'shared-mode.unreachable': {
    retryable: true,
    en: { text: 'The shared database at {{host}}:{{port}} cannot be reached ({{reason}}).', remedy: 'Check that the PostgreSQL server is running and that this computer may reach it (address, port, firewall); then try again.' },
    zh: { text: '无法连接共享数据库 {{host}}:{{port}}（{{reason}}）。', remedy: '请确认 PostgreSQL 服务器正在运行，且本机可以访问它（地址、端口、防火墙），然后重试。' },
  },
  'shared-mode.auth-failed': {
    retryable: false,
    en: { text: 'The shared database refused the login of user “{{user}}” to database “{{database}}”.', remedy: 'Check the user name and enter the password again in Settings → Shared mode.' },
    zh: { text: '共享数据库拒绝了用户“{{user}}”登录数据库“{{database}}”。', remedy: '请核对用户名，并在“设置 → 共享模式”中重新填写密码。' },
  },
  'shared-mode.database-missing': {
    retryable: false,
    en: { text: 'The shared database server has no database “{{database}}”.', remedy: 'Correct the database name, or ask the administrator to create it.' },
    zh: { text: '共享数据库服务器上没有名为“{{database}}”的数据库。', remedy: '请改正数据库名称，或请管理员创建该数据库。' },
  },
  'shared-mode.tls-refused': {
    retryable: false,
    en: { text: 'The encrypted connection to {{host}} failed ({{reason}}).', remedy: 'The server needs TLS and a certificate that chains to a trusted root: choose the server’s root certificate file under Settings → Shared mode (or “verify the certificate only” when the server is reached under a name its certificate does not carry), or ask the administrator.' },
    zh: { text: '与 {{host}} 的加密连接失败（{{reason}}）。', remedy: '服务器需要启用 TLS，且其证书须能追溯到受信任的根证书：请在“设置 → 共享模式”中选择服务器的根证书文件（若通过证书上没有的名称访问服务器，可选“仅验证证书”），或联系管理员。' },
  },
  'shared-mode.tls-off-remote': {
    retryable: false,
    en: { text: 'TLS is off, and the shared database {{host}} is not on this computer: the password and every order would cross the network readable by anyone on the way.', remedy: 'Turn TLS on (verify the server) under Settings → Shared mode; “off” is only for a server on this computer.' },
    zh: { text: 'TLS 已关闭，而共享数据库 {{host}} 不在本机：密码和所有订单将以明文经过网络，途中任何人都能读取。', remedy: '请在“设置 → 共享模式”中开启 TLS（验证服务器）；“关闭”仅适用于本机上的服务器。' },
  },
  'shared-mode.tls-root-unreadable': {
    retryable: false,
    en: { text: 'The root certificate file {{path}} cannot be used ({{reason}}).', remedy: 'Choose the PEM file of the server’s root certificate (it starts with “-----BEGIN CERTIFICATE-----”) under Settings → Shared mode, or leave the field empty to trust the system’s roots.' },
    zh: { text: '无法使用根证书文件 {{path}}（{{reason}}）。', remedy: '请在“设置 → 共享模式”中选择服务器根证书的 PEM 文件（以“-----BEGIN CERTIFICATE-----”开头），或留空以使用系统信任的根证书。' },
  },
  'shared-mode.cleartext-password': {
    retryable: false,
    en: { text: 'The shared database {{host}} asked for the password of user “{{user}}” in clear text; the desk did not send it.', remedy: 'Ask the administrator to use scram-sha-256 (or md5) instead of “password” for this user in pg_hba.conf.' },
    zh: { text: '共享数据库 {{host}} 要求以明文发送用户“{{user}}”的密码；本工作台未发送。', remedy: '请管理员在 pg_hba.conf 中为该用户改用 scram-sha-256（或 md5）认证，而不是“password”。' },
  },
  'shared-mode.other-account': {
    retryable: false,
    en: {
      text: 'The shared schema “{{schema}}” belongs to another account: it was set up for the gateway {{schemaGateway}} with the shops {{schemaShops}}; this desk works with the gateway {{deskGateway}} and the shops {{deskShops}}.',
      remedy: 'Each account needs a schema of its own (the gateway limits each account separately): enter another schema name under Settings → Shared mode, or correct this desk’s gateway address and shops.',
    },
    zh: {
      text: '共享结构“{{schema}}”属于另一个账号：它为网关 {{schemaGateway}}、店铺 {{schemaShops}} 建立；本工作台使用的是网关 {{deskGateway}}、店铺 {{deskShops}}。',
      remedy: '每个账号需要各自的共享结构（网关对每个账号分别限流）：请在“设置 → 共享模式”中填写另一个结构名称，或改正本工作台的网关地址和店铺。',
    },
  },
  'shared-mode.schema-changed': {
    retryable: false,
    en: { text: 'The shared schema “{{schema}}” was changed by another version of the app while this desk was running (version {{version}}; this desk works with {{known}}). Issuing stopped here.', remedy: 'Restart this desk; if it still says so, install the version the other desks use.' },
    zh: { text: '本工作台运行期间，共享结构“{{schema}}”被其他版本的程序更改（版本 {{version}}；本工作台使用 {{known}}）。本机已停止出单。', remedy: '请重启本工作台；若仍提示此信息，请安装其他工作台所用的版本。' },
  },
  'shared-mode.timed-out': {
    retryable: true,
    en: { text: 'The shared database did not finish in time ({{reason}}): another desk may be holding what this one needs.', remedy: 'Try again in a moment; a desk that stopped mid-way is let go by the server within seconds.' },
    zh: { text: '共享数据库未能及时完成操作（{{reason}}）：可能有其他工作台正占用本机所需的数据。', remedy: '请稍后重试；中途停止的工作台会在几秒内被服务器释放。' },
  },
  'shared-mode.schema-newer': {
    retryable: false,
    en: { text: 'The shared schema “{{schema}}” was set up by a newer version of the app (version {{version}}; this version knows up to {{known}}).', remedy: 'Install the newer version on this desk too.' },
    zh: { text: '共享结构“{{schema}}”由更新版本的程序建立（版本 {{version}}；本版本最多支持 {{known}}）。', remedy: '请在本工作台也安装较新的版本。' },
  },
  'shared-mode.held-elsewhere': {
    retryable: true,
    en: { text: 'Order {{orderNumber}} is being issued at desk “{{desk}}”.', remedy: 'Leave it to that desk; if that desk stopped, the order can be planned again once its claim lapses.' },
    zh: { text: '订单 {{orderNumber}} 正在工作台“{{desk}}”出单。', remedy: '请交给该工作台处理；若该工作台已停止，待其占用过期后可重新规划此订单。' },
  },
  'shared-mode.refreshing-elsewhere': {
    retryable: true,
    en: { text: 'Desk “{{desk}}” is refreshing the orders for every desk.', remedy: 'Wait: the list shows its orders once it is done, without loading them again here.' },
    zh: { text: '工作台“{{desk}}”正在为所有工作台刷新订单。', remedy: '请稍候：刷新完成后列表会显示这些订单，本机无需重新加载。' },
  },
  'shared-mode.issued-elsewhere': {
    retryable: false,
    en: { text: 'Order {{orderNumber}} was issued at desk “{{desk}}” (waybill {{waybillCode}}).', remedy: 'Nothing to issue: reprint its label from the history if needed.' },
    zh: { text: '订单 {{orderNumber}} 已在工作台“{{desk}}”出单（面单号 {{waybillCode}}）。', remedy: '无需再出单；如需要，可在历史记录中补打面单。' },
  },
  'shared-mode.claim-lost': {
    retryable: false,
    en: {
      text: 'This desk no longer holds {{count}} order(s) of its job ({{orderNumbers}}): it was away (asleep, paused or cut off) past their claim, and another desk took them over.',
      remedy: 'Nothing was sent for them from here: they are issued at the other desk. The rest of the job goes on.',
    },
    zh: {
      text: '本工作台已不再占用本任务中的 {{count}} 个订单（{{orderNumbers}}）：本机离开（休眠、暂停或断网）超过了占用期限，已由其他工作台接手。',
      remedy: '本机未为这些订单发送任何出单请求，它们由其他工作台出单；任务中的其余订单照常进行。',
    },
  },
  'shared-mode.desk-id-in-use': {
    retryable: true,
    en: {
      text: 'Another running desk uses this desk’s id ({{deskId}}): two desks were started from one data folder (a copied folder), or this desk was away while it was started again.',
      remedy: 'Close the other one. A copied desk needs its own data folder: delete the file “desk-id” in the copy’s data folder and restart it, so it joins as a new desk.',
    },
    zh: {
      text: '另一个正在运行的工作台使用了本工作台的标识（{{deskId}}）：两个工作台由同一个数据文件夹启动（文件夹被复制），或本机离开期间它被再次启动。',
      remedy: '请关闭另一个。复制出的工作台需要自己的数据文件夹：删除副本数据文件夹中的“desk-id”文件后重启，它将作为新工作台加入。',
    },
  },
  'shared-mode.refused': {
    retryable: false,
    en: { text: 'The shared database refused the request ({{reason}}).', remedy: 'Check that the user may create the schema and its tables in this database, or ask the administrator.' },
    zh: { text: '共享数据库拒绝了该请求（{{reason}}）。', remedy: '请确认该用户有权在此数据库中创建结构和数据表，或联系管理员。' },
  },
  'data-folder.locked': {
    retryable: false,
    en: { text: 'The data folder {{dataDir}} is in use by {{owner}} (process {{pid}} on {{hostname}}, since {{startedAt}}).', remedy: 'Close that program first, or start with another data folder.' },
    zh: { text: '数据文件夹 {{dataDir}} 正被 {{owner}} 使用（{{hostname}} 上的进程 {{pid}}，自 {{startedAt}} 起）。', remedy: '请先关闭该程序，或使用其他数据文件夹启动。' },
  },
  'data-folder.unusable': {
    retryable: false,
    en: { text: 'The data folder {{dataDir}} cannot be used ({{reason}}).', remedy: 'Choose a folder you can write to.' },
    zh: { text: '无法使用数据文件夹 {{dataDir}}（{{reason}}）。', remedy: '请选择一个有写入权限的文件夹。' },
  },

  'print.component-not-running': {
    retryable: true,
    en: { text: 'The print component at {{url}} is not running.', remedy: 'Start the CAINIAO print component; queued labels print as soon as it connects.' },
    zh: { text: '打印组件 {{url}} 未运行。', remedy: '请启动菜鸟打印组件；排队的面单会在连接后自动打印。' },
  },
  'print.connection-lost': {
    retryable: true,
    en: { text: 'The connection to the print component was lost ({{detail}}).', remedy: 'It reconnects by itself; labels whose outcome is unknown are checked before any is printed again.' },
    zh: { text: '与打印组件的连接已断开（{{detail}}）。', remedy: '将自动重连；结果未知的面单会先核对，再决定是否重打。' },
  },
  'print.handshake-failed': {
    retryable: true,
    en: { text: 'The print component at {{url}} answered, but the connection could not be set up ({{detail}}).', remedy: 'Check the print component address in Settings and restart the component.' },
    zh: { text: '打印组件 {{url}} 有响应，但无法建立连接（{{detail}}）。', remedy: '请检查“设置”中的打印组件地址，并重启打印组件。' },
  },
  'print.request-timeout': {
    retryable: false,
    en: { text: 'The print component did not answer {{command}} within {{timeoutMs}} ms.', remedy: 'The outcome is checked with the component before anything is printed again.' },
    zh: { text: '打印组件在 {{timeoutMs}} 毫秒内未响应 {{command}}。', remedy: '将先向打印组件核对结果，再决定是否重打。' },
  },
  'print.command-refused': {
    retryable: false,
    en: { text: 'The print component refused {{command}}: {{message}}', remedy: 'Check the printer and the print component.' },
    zh: { text: '打印组件拒绝了 {{command}}：{{message}}', remedy: '请检查打印机和打印组件。' },
  },
  'print.document-failed': {
    retryable: false,
    en: { text: 'Label {{documentId}} failed to print (code {{code}}): {{detail}}', remedy: 'Fix the cause (paper, printer), then reprint the label.' },
    zh: { text: '面单 {{documentId}} 打印失败（代码 {{code}}）：{{detail}}', remedy: '请排除原因（纸张、打印机）后重打该面单。' },
  },
  'print.paper-out': {
    retryable: false,
    en: { text: 'Label {{documentId}} did not print: the printer is out of paper ({{detail}}).', remedy: 'Load labels into the printer, then print the labels that did not come out again.' },
    zh: { text: '面单 {{documentId}} 未打印：打印机缺纸（{{detail}}）。', remedy: '请给打印机装好面单纸，再重打未打出的面单。' },
  },
  'print.paper-jam': {
    retryable: false,
    en: { text: 'Label {{documentId}} did not print: paper jam ({{detail}}).', remedy: 'Open the printer, clear the jammed labels, close it, then print the labels that did not come out again.' },
    zh: { text: '面单 {{documentId}} 未打印：打印机卡纸（{{detail}}）。', remedy: '请打开打印机取出卡住的面单纸并合上，再重打未打出的面单。' },
  },
  'print.cover-open': {
    retryable: false,
    en: { text: 'Label {{documentId}} did not print: the printer cover is open ({{detail}}).', remedy: 'Close the printer cover, then print the labels that did not come out again.' },
    zh: { text: '面单 {{documentId}} 未打印：纸仓盖打开（{{detail}}）。', remedy: '请合上纸仓盖，再重打未打出的面单。' },
  },
  'print.printer-offline': {
    retryable: false,
    en: { text: 'Label {{documentId}} did not print: the printer is offline ({{detail}}).', remedy: 'Switch the printer on and check its cable or network, then print the labels that did not come out again.' },
    zh: { text: '面单 {{documentId}} 未打印：打印机离线（{{detail}}）。', remedy: '请打开打印机电源并检查连接线或网络，再重打未打出的面单。' },
  },
  'print.withdrawn': {
    retryable: false,
    en: { text: 'Label {{documentId}} was not sent: the rest of the job was cancelled.', remedy: 'Print it again once the printer works.' },
    zh: { text: '面单 {{documentId}} 未发送：已取消该任务的剩余面单。', remedy: '打印机恢复后可重打。' },
  },
  'print.unknown-encryption': {
    retryable: false,
    en: { text: 'The print component cannot decrypt the print data of {{documentId}} (Unknown encryption type).', remedy: 'Fetch the print data again; check that the print component matches the carrier platform.' },
    zh: { text: '打印组件无法解密面单 {{documentId}} 的打印数据（未知加密类型）。', remedy: '请重新获取打印数据，并确认打印组件与快递平台一致。' },
  },
  'print.document-not-found': {
    retryable: false,
    en: { text: 'The print component received no content for {{documentId}}.', remedy: 'Fetch the print data again.' },
    zh: { text: '打印组件未收到面单 {{documentId}} 的内容。', remedy: '请重新获取打印数据。' },
  },
  'print.outcome-unknown': {
    retryable: false,
    en: { text: 'Whether label {{documentId}} printed is not known yet.', remedy: 'The component is being asked; check the printer before printing it again.' },
    zh: { text: '尚不确定面单 {{documentId}} 是否已打印。', remedy: '正在向打印组件核对；重打前请先检查打印机。' },
  },
  'print.printer-not-offered': {
    retryable: false,
    en: { text: 'There is no printer named “{{printer}}”.', remedy: 'Choose another printer in Settings.' },
    zh: { text: '没有名为“{{printer}}”的打印机。', remedy: '请在“设置”中选择其他打印机。' },
  },
  'print.calibration-out-of-range': {
    retryable: false,
    en: { text: '{{field}} is {{value}} mm; it must be between -{{limit}} and {{limit}} mm.', remedy: 'Enter a smaller offset.' },
    zh: { text: '{{field}} 为 {{value}} 毫米，必须在 -{{limit}} 到 {{limit}} 毫米之间。', remedy: '请输入更小的偏移量。' },
  },
  'print.encrypted-needs-component': {
    retryable: false,
    en: { text: 'The print data of {{waybillCode}} is encrypted: only the carrier platform’s print component (e.g. the CAINIAO print component) can print it.', remedy: 'Print it through the print component, or issue with unencrypted print data to print on an OS printer.' },
    zh: { text: '面单 {{waybillCode}} 的打印数据已加密：只有快递平台的打印组件（如菜鸟打印组件）能打印。', remedy: '请通过打印组件打印，或以不加密的打印数据取号后使用系统打印机打印。' },
  },
  'print.plain-data-invalid': {
    retryable: false,
    en: { text: 'The print data of {{waybillCode}} holds no usable label data ({{reason}}).', remedy: 'Fetch the print data again through History.' },
    zh: { text: '面单 {{waybillCode}} 的打印数据中没有可用的面单内容（{{reason}}）。', remedy: '请在“历史记录”中重新获取打印数据。' },
  },
  'print.os-printer-not-found': {
    retryable: false,
    en: { text: 'The system has no printer named “{{printer}}”.', remedy: 'Choose a printer from the list in Settings.' },
    zh: { text: '系统中没有名为“{{printer}}”的打印机。', remedy: '请在“设置”的列表中选择打印机。' },
  },
  'print.os-print-failed': {
    retryable: true,
    en: { text: 'Printing on “{{printer}}” failed: {{reason}}', remedy: 'Check the printer (power, paper, cable), then print again.' },
    zh: { text: '在“{{printer}}”上打印失败：{{reason}}', remedy: '请检查打印机（电源、纸张、连接线）后重新打印。' },
  },
  'print.os-printers-unreadable': {
    retryable: true,
    en: { text: 'The system’s printer list cannot be read ({{reason}}).', remedy: 'Check that the print service (CUPS or the Windows print spooler) is running.' },
    zh: { text: '无法读取系统的打印机列表（{{reason}}）。', remedy: '请确认打印服务（CUPS 或 Windows 打印后台处理程序）正在运行。' },
  },
  'print.os-print-system-missing': {
    retryable: false,
    en: { text: 'The system print command {{command}} is not installed.', remedy: 'Install the system’s printing support (CUPS), or print through the print component.' },
    zh: { text: '系统未安装打印命令 {{command}}。', remedy: '请安装系统打印支持（CUPS），或通过打印组件打印。' },
  },
  'print.os-paper-size-missing': {
    retryable: false,
    en: { text: 'The printer “{{printer}}” has no paper size of {{size}} mm.', remedy: 'Add a {{size}} mm paper form in the printer’s driver settings.' },
    zh: { text: '打印机“{{printer}}”没有 {{size}} 毫米的纸张规格。', remedy: '请在打印机驱动设置中添加 {{size}} 毫米的纸张规格。' },
  },
  'print.os-platform-unsupported': {
    retryable: false,
    en: { text: 'Printing to system printers is not supported on {{platform}}.', remedy: 'Print through the carrier platform’s print component.' },
    zh: { text: '此平台（{{platform}}）不支持直接使用系统打印机。', remedy: '请通过快递平台的打印组件打印。' },
  },
  'paperwork.orders-unknown': {
    retryable: false,
    en: { text: 'None of the {{count}} orders or waybills asked for is loaded or in the history (first: {{first}}).', remedy: 'Load the orders (F5) or find them in History, then print again.' },
    zh: { text: '所选的 {{count}} 个订单或运单都未加载，也不在历史记录中（第一个：{{first}}）。', remedy: '请先加载订单（F5）或在“历史记录”中找到它们，再重新打印。' },
  },
  'print.practice-demo-only': {
    retryable: false,
    en: { text: 'Practice troubles are for the demo printer only: this desk prints on a real printer.', remedy: 'To practise, use a desk in demo mode (no gateway address in Settings → Connection).' },
    zh: { text: '练习故障只能用于演示打印机：本工作台连接的是真实打印机。', remedy: '如需练习，请使用演示模式的工作台（“设置 → 连接”中不填网关地址）。' },
  },
  'paperwork.no-slip-printer': {
    retryable: false,
    en: { text: 'No printer is chosen for packing slips and picking lists, and this computer has no default printer ({{printers}} printers found).', remedy: 'Choose the printer in Settings → Printing (F2), under “Packing slips and picking lists”, then print them again from History.' },
    zh: { text: '未选择发货单和拣货单打印机，且本机没有默认打印机（找到 {{printers}} 台打印机）。', remedy: '请在“设置 → 打印”（F2）的“发货单和拣货单”中选择打印机，再从历史记录中补打。' },
  },
  'paperwork.job-unknown': {
    retryable: false,
    en: { text: 'There is no job {{jobId}}.', remedy: 'Choose a job from the list, or make the picking list from a selection of orders.' },
    zh: { text: '没有任务 {{jobId}}。', remedy: '请从列表中选择任务，或用选中的订单生成拣货单。' },
  },
  'print.preview-no-label': {
    retryable: true,
    en: { text: 'There is no label to preview for {{reference}}: its waybill is not issued yet, or its print data is missing.', remedy: 'Wait until the waybill is issued, or fetch its print data again in the history.' },
    zh: { text: '{{reference}} 没有可预览的面单：面单尚未取号，或缺少打印数据。', remedy: '请等待取号完成，或在“历史记录”中重新获取打印数据。' },
  },
  'print.preview-failed': {
    retryable: true,
    en: { text: 'The preview of label {{waybillCode}} could not be made ({{reason}}).', remedy: 'You can still print the labels, or stop: they stay in the history either way.' },
    zh: { text: '无法生成面单 {{waybillCode}} 的预览（{{reason}}）。', remedy: '仍可直接打印，或停止任务：面单都会保留在历史记录中。' },
  },
  'orders.refresh-running': {
    retryable: true,
    en: { text: 'Orders are already being loaded.', remedy: 'Wait for the running refresh to finish, or cancel it first.' },
    zh: { text: '订单正在加载中。', remedy: '请等待当前加载完成，或先取消它。' },
  },
  'issuing.job-not-found': {
    retryable: false,
    en: { text: 'There is no issuing job {{jobId}}.', remedy: 'Reload the job list.' },
    zh: { text: '不存在取号任务 {{jobId}}。', remedy: '请刷新任务列表。' },
  },
  'issuing.other-gateway': {
    retryable: false,
    en: { text: 'Job {{jobId}} was issued against gateway {{baseUrl}} / shop {{shopId}}, not the one set now: it cannot be {{action}} here.', remedy: 'Set that gateway and shop again in Settings to continue it; it waits until then.' },
    zh: { text: '任务 {{jobId}} 是在网关 {{baseUrl}} / 店铺 {{shopId}} 下取号的，与当前设置不同：无法在此{{action}}。', remedy: '如需继续，请在“设置”中重新设置该网关和店铺；在此之前该任务保持等待。' },
  },
  'issuing.job-state': {
    retryable: false,
    en: { text: 'Job {{jobId}} cannot be {{action}} while it is {{state}}.', remedy: 'Wait for the job to finish issuing, or reload the job list.' },
    zh: { text: '任务 {{jobId}} 当前为{{state}}，无法{{action}}。', remedy: '请等待取号结束，或刷新任务列表。' },
  },
  'issuing.order-not-loaded': {
    retryable: false,
    en: { text: 'Order {{orderId}} is not in the loaded order list.', remedy: 'Refresh the orders, then plan again.' },
    zh: { text: '订单 {{orderId}} 不在已加载的订单列表中。', remedy: '请刷新订单后重新生成计划。' },
  },
  'issuing.order-held-back': {
    retryable: false,
    en: { text: 'Order {{orderId}} has the order status {{status}}, which Settings holds back (it may be refunded or already shipped).', remedy: 'Check the order in the shop; to issue it anyway, confirm it in the plan.' },
    zh: { text: '订单 {{orderId}} 的订单状态为 {{status}}，该状态在“设置”中被暂扣（可能已退款或已发货）。', remedy: '请先在店铺后台核对该订单；确需发货时，在计划中逐单确认。' },
  },
  'issuing.job-interrupted': {
    retryable: false,
    en: { text: 'The job was interrupted before every order was issued.', remedy: 'Retry it: orders of unknown outcome are checked first, the rest are issued.' },
    zh: { text: '任务在全部订单取号前被中断。', remedy: '请重试：结果未知的订单会先核对，其余继续取号。' },
  },
  'issuing.orders-unresolved': {
    retryable: true,
    en: { text: '{{count}} orders could not be checked; whether they have waybills is unknown.', remedy: 'They are checked again before any is issued: retry when the gateway answers.' },
    zh: { text: '有 {{count}} 个订单无法核对，尚不确定是否已取号。', remedy: '重新取号前会再次核对，网关恢复后请重试。' },
  },

  // The desk scale and scan-to-verify.
  'scale.no-stable-weight': {
    retryable: true,
    en: { text: 'The scale has no steady weight to take ({{state}}).', remedy: 'Put the parcel on the scale and wait until the weight stops moving, or type the weight.' },
    zh: { text: '电子秤没有稳定的重量可取（{{state}}）。', remedy: '请把包裹放上电子秤并等读数稳定，或手动输入重量。' },
  },
  'verification.csv-invalid': {
    retryable: false,
    en: { text: 'Line {{line}} of the barcode file cannot be read: {{problem}}', remedy: 'Use the columns of an exported file (shop id, barcode, goods name, spec), correct that line and import again. Nothing was imported.' },
    zh: { text: '条码文件第 {{line}} 行无法读取：{{problem}}', remedy: '请按导出文件的列（店铺ID、条码、商品名称、规格）改正该行后重新导入。本次没有导入任何条码。' },
  },
  'verification.unknown-shop': {
    retryable: false,
    en: { text: 'Shop {{shopId}} is not one of this account’s shops.', remedy: 'Learn barcodes only for the shops in Settings → Connection.' },
    zh: { text: '店铺 {{shopId}} 不是本账号的店铺。', remedy: '只能为“设置 → 连接”中的店铺学习条码。' },
  },
  // Operators and the audit log.
  'operators.sign-in-needed': {
    retryable: false,
    en: { text: 'Nobody is signed in at this desk.', remedy: 'Sign in with your name and PIN, or scan your badge.' },
    zh: { text: '本工作台尚无人登录。', remedy: '请输入姓名和 PIN 登录，或扫描工牌。' },
  },
  'operators.supervisor-needed': {
    retryable: false,
    en: { text: 'Only a supervisor may do this; {{name}} is signed in as a packer.', remedy: 'Ask a supervisor to allow it with their name and PIN.' },
    zh: { text: '此操作需要主管权限，当前登录的 {{name}} 是打包员。', remedy: '请主管输入姓名和 PIN 授权。' },
  },
  'operators.not-a-supervisor': {
    retryable: false,
    en: { text: '{{name}} is a packer and cannot allow this.', remedy: 'Ask a supervisor to enter their own name and PIN.' },
    zh: { text: '{{name}} 是打包员，不能授权此操作。', remedy: '请主管输入其本人的姓名和 PIN。' },
  },
  'operators.unknown-operator': {
    retryable: false,
    en: { text: 'No operator is named “{{name}}”.', remedy: 'Check the spelling, or ask a supervisor to add you in Settings → Operators.' },
    zh: { text: '没有名为“{{name}}”的操作员。', remedy: '请检查姓名，或请主管在“设置 → 操作员”中添加。' },
  },
  'operators.unknown-badge': {
    retryable: false,
    en: { text: 'This badge belongs to no operator.', remedy: 'Sign in with your name and PIN, or ask a supervisor to set your badge in Settings → Operators.' },
    zh: { text: '该工牌未绑定任何操作员。', remedy: '请用姓名和 PIN 登录，或请主管在“设置 → 操作员”中绑定工牌。' },
  },
  'operators.wrong-pin': {
    retryable: false,
    en: { text: 'Wrong PIN for {{name}}; {{attemptsLeft}} tries left before the operator is locked.', remedy: 'Enter the PIN again.' },
    zh: { text: '{{name}} 的 PIN 不正确，再错 {{attemptsLeft}} 次将被锁定。', remedy: '请重新输入 PIN。' },
  },
  'operators.locked': {
    retryable: false,
    en: { text: '{{name}} is locked after too many wrong PINs, for {{minutes}} more minutes.', remedy: 'Wait, or sign in as another operator.' },
    zh: { text: '{{name}} 因 PIN 错误次数过多已被锁定，还需 {{minutes}} 分钟。', remedy: '请稍候，或换其他操作员登录。' },
  },
  'operators.name-taken': {
    retryable: false,
    en: { text: 'An operator named “{{name}}” exists already.', remedy: 'Choose another name.' },
    zh: { text: '已有名为“{{name}}”的操作员。', remedy: '请换一个姓名。' },
  },
  'operators.badge-taken': {
    retryable: false,
    en: { text: 'This badge is already set for another operator.', remedy: 'Scan another badge, or remove it from the other operator first.' },
    zh: { text: '该工牌已绑定其他操作员。', remedy: '请换一个工牌，或先从其他操作员处解绑。' },
  },
  'operators.no-supervisor': {
    retryable: false,
    en: { text: 'Operators cannot be turned on without a supervisor: nobody could change Settings or turn them off again.', remedy: 'Add a supervisor in Settings → Operators first.' },
    zh: { text: '没有主管时不能启用操作员：否则无人能修改设置或再次关闭。', remedy: '请先在“设置 → 操作员”中添加一名主管。' },
  },
  'operators.last-supervisor': {
    retryable: false,
    en: { text: '{{name}} is the last supervisor and cannot be removed while operators are on.', remedy: 'Add another supervisor first, or turn operators off.' },
    zh: { text: '{{name}} 是最后一名主管，启用操作员时不能删除。', remedy: '请先添加另一名主管，或关闭操作员功能。' },
  },
  'operators.unknown-id': {
    retryable: false,
    en: { text: 'The operator {{operatorId}} no longer exists.', remedy: 'Reopen Settings → Operators to see the list as it is now.' },
    zh: { text: '操作员 {{operatorId}} 已不存在。', remedy: '请重新打开“设置 → 操作员”查看当前名单。' },
  },
} as const satisfies Record<string, ErrorCatalogEntry>;

/** Text and remedy of one error in one language, as i18next-style templates. */
export interface ErrorTexts {
  readonly text: string;
  readonly remedy: string;
}

/** One catalog entry: both languages and whether an unchanged retry may succeed. */
export interface ErrorCatalogEntry {
  readonly retryable: boolean;
  readonly en: ErrorTexts;
  readonly zh: ErrorTexts;
}

/** The languages the catalog is written in (zh means zh-CN). */
export type ErrorLanguage = 'en' | 'zh';

/** Stable string id of an error: a key of the catalog. */
export type ErrorCode = keyof typeof errorCatalog;
