/** English strings of the shared mode's desks (merged into `en.ts`). */
export const desksEn = {
  desks: {
    open: 'Desks',
    title: 'Desks of this account',
    tableLabel: 'Desks of this account',
    none: 'No desk has joined the shared mode yet.',
    thisDesk: 'this desk',
    online: 'Online',
    offline: 'Offline',
    idle: 'Idle',
    column: { desk: 'Desk', online: 'Online', job: 'Current job', labelsToday: 'Labels today', lastSeen: 'Last seen' },
    badge: {
      connected: 'Shared mode',
      unreachable: 'Server unreachable: issuing paused — printing continues',
    },
    badgeHint: {
      connected: 'Connected to the shared database: the desks of this account share claims, history and the call limit.',
      unreachable: 'No order can be claimed until the shared database answers again. Labels of this desk still print and reprint; what this desk writes meanwhile is sent when it is back.',
    },
  },
};

/** Chinese strings of the shared mode's desks (merged into `zh-cn.ts`). */
export const desksZhCn = {
  desks: {
    open: '打包台',
    title: '本账号的打包台',
    tableLabel: '本账号的打包台',
    none: '还没有打包台加入共享模式。',
    thisDesk: '本台',
    online: '在线',
    offline: '离线',
    idle: '空闲',
    column: { desk: '打包台', online: '在线状态', job: '当前任务', labelsToday: '今日面单', lastSeen: '最后在线' },
    badge: {
      connected: '共享模式',
      unreachable: '共享服务器断开：暂停取号 — 打印照常',
    },
    badgeHint: {
      connected: '已连接共享数据库：本账号的各打包台共用订单占用、历史记录和调用限额。',
      unreachable: '共享数据库恢复前不能占用订单取号。本台的面单仍可打印和补打；期间本台写下的记录在恢复后补传。',
    },
  },
};
