// Customer data: an admin's answer to a customer's data request (decision 027), everything held
// about one e-mail address, looked up, exported as JSON (SSNs masked) or deleted. Deletion is refused
// while an order is open; a paid order keeps its bookkeeping and loses the rest. A table that comes
// to hold something about customers adds its collector in collectors.ts, and all three follow.
