/** English strings of the recovery view (merged into `en.ts`). */
export const recoveryEn = {
  recovery: {
    title: 'Work left unfinished',
    intro: 'The station was closed while work was running. This is what it found when it checked with the gateway:',
    found: 'What the check found',
    recovered: 'Waybills recovered (our answer was lost; printable)',
    issuedElsewhere: 'Issued elsewhere (never printed without your say)',
    notIssued: 'Not issued (issue them again)',
    unresolved: 'Not checked yet (checked before anything is issued)',
    labelsQueued: 'Labels sent to the print queue again',
    interrupted_one: '{{count}} job was interrupted',
    interrupted_other: '{{count}} jobs were interrupted',
    resume: 'Resume',
    printUnknown_one: '{{count}} label: print outcome unknown',
    printUnknown_other: '{{count}} labels: print outcome unknown',
    printAgain: 'They did not come out: print again',
    printUnknownHint: 'Look at the printer first; if they came out, just close this.',
    close: 'Close',
  },
} as const;

/** Simplified Chinese strings of the recovery view (merged into `zh-cn.ts`). */
export const recoveryZhCn = {
  recovery: {
    title: '有未完成的工作',
    intro: '上次关闭时仍有工作在进行。与网关核对后的结果如下：',
    found: '核对结果',
    recovered: '已找回的面单（应答丢失；可打印）',
    issuedElsewhere: '他处已取号（未经确认不会打印）',
    notIssued: '未取号（请重新取号）',
    unresolved: '尚未核对（取号前会先核对）',
    labelsQueued: '重新加入打印队列的面单',
    interrupted_one: '{{count}} 个任务被中断',
    interrupted_other: '{{count}} 个任务被中断',
    resume: '继续',
    printUnknown_one: '{{count}} 张面单打印结果未知',
    printUnknown_other: '{{count}} 张面单打印结果未知',
    printAgain: '没有打出来：重新打印',
    printUnknownHint: '请先查看打印机；如果已经打出，直接关闭即可。',
    close: '关闭',
  },
};
