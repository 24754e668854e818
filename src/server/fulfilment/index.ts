// Fulfilment: staff working orders in /manage, the order list and its counters, the order page, its
// edits, the SSN reveal, the SS-4 download and the comments. Every route passes the staff guard and
// reads an order only through `requireOrderAccess` (a fulfiller sees only their own); a status
// changes only through the orders module's `changeOrderStatus`; an SSN or a filled SS-4 leaves only
// after its audit row is written.
