/**
 * The vendor-neutral Verbs4J API.
 *
 * <p>Start at {@link org.verbs4j.Verbs}: it lists the devices of the installed providers and opens a
 * {@link org.verbs4j.Context}, from which every other verbs object is created. The types mirror
 * rdma-core's modern verbs with Java types instead of C: attributes are records or small mutable
 * request objects, C enums are Java enums carrying their exact C value ({@link org.verbs4j.CConstant}),
 * failures are {@link org.verbs4j.VerbsException}s naming the verb and the errno, and completion
 * statuses are values. Nothing on the data path (posting, polling, reading completion fields) needs
 * an allocation per operation.
 *
 * <h2>Start here: the objects, in the order a program creates them</h2>
 * <table class="striped">
 * <caption>Where each verbs object comes from, and what it is for</caption>
 * <thead><tr><th scope="col">Object</th><th scope="col">Created by</th><th scope="col">For</th></tr></thead>
 * <tbody>
 * <tr><td>{@link Device}</td><td>{@link Verbs#devices()}</td><td>naming and opening a device;
 *     {@link Verbs#catalog()}{@code .report()} says which provider serves it and why</td></tr>
 * <tr><td>{@link Context}</td><td>{@link Verbs#open(String)}, {@link Device#open()}</td><td>querying the
 *     device and its ports and GIDs ({@link Context#queryPort}, {@link Context#queryGid}); creating the rest</td></tr>
 * <tr><td>{@link ProtectionDomain}</td><td>{@link Context#allocateProtectionDomain()}</td><td>grouping
 *     memory regions, queue pairs and address handles that may work together</td></tr>
 * <tr><td>{@link MemoryRegion}</td><td>{@link ProtectionDomain#registerMemory}</td><td>memory the device
 *     may access: its {@code lkey} for local requests, its {@code rkey} and address for a peer's RDMA</td></tr>
 * <tr><td>{@link CompletionQueue}</td><td>{@link Context#createCompletionQueue(int)}</td><td>completions of
 *     sends and receives, polled with {@link CompletionQueue#startPoll()}</td></tr>
 * <tr><td>{@link CompletionChannel}</td><td>{@link Context#createCompletionChannel()}</td><td>blocking until
 *     a completion queue has a completion, instead of spinning</td></tr>
 * <tr><td>{@link QueuePair}</td><td>{@link Context#createQueuePair} with {@link QpInitAttributes} and
 *     {@link QpCapabilities#builder()}</td><td>the endpoint: {@link QueuePair#modify} through
 *     INIT, RTR and RTS ({@link QpAttributes}, or {@link ConnectRecipe} towards the peer's {@link Destination}),
 *     then {@link QueuePair#postReceive} and
 *     {@link QueuePair#sendOps()}</td></tr>
 * <tr><td>{@link SharedReceiveQueue}</td><td>{@link Context#createSharedReceiveQueue}</td><td>receives shared
 *     by several queue pairs; tag matching</td></tr>
 * <tr><td>{@link AddressHandle}</td><td>{@link ProtectionDomain#createAddressHandle} with
 *     {@link AhAttributes}</td><td>the destination of a UD send</td></tr>
 * <tr><td>{@link VerbsScope}</td><td>{@code new VerbsScope()}</td><td>closing everything, children first,
 *     in one {@code try} block</td></tr>
 * </tbody>
 * </table>
 *
 * <p>Complete programs, each under about 100 lines, are in the {@code examples} module of the source
 * repository ({@code examples/src/main/java/org/verbs4j/examples/}); the build runs each on the soft
 * device: {@code RcPingPong} (RC send and receive), {@code RdmaWriteRead} (RDMA WRITE and READ against a
 * remote buffer), {@code UdAddressHandle} (UD with an address handle), {@code SrqForTwoQueuePairs} (one
 * shared receive queue for two queue pairs), {@code CompletionEvents} (waiting on a completion channel),
 * {@code TagMatching}, and {@code TwoProcesses} (a server and a client connected by the connection manager,
 * {@link org.verbs4j.cm}). {@code Connect} moves queue pairs through INIT, RTR and RTS with {@link ConnectRecipe}:
 * {@snippet class=org.verbs4j.examples.Connect region=rc-connect}
 *
 * <h2>Seed coverage</h2>
 * Every function, structure field and flag of the five seed manual pages ({@code ibv_create_cq_ex(3)},
 * {@code efadv_create_cq(3)}, {@code ibv_get_cq_event(3)}, {@code ibv_create_qp_ex(3)},
 * {@code ibv_post_srq_ops(3)}) and its Java name. A build test checks that every row names an existing
 * Java member.
 *
 * <table class="striped">
 * <caption>C name and Java name</caption>
 * <thead><tr><th scope="col">C</th><th scope="col">Java</th><th scope="col">Note</th></tr></thead>
 * <tbody>
 * <tr><th scope="rowgroup" colspan="3">ibv_create_cq_ex(3)</th></tr>
 * <tr><td>{@code ibv_create_cq_ex()}</td><td>{@link Context#createCompletionQueue}</td><td></td></tr>
 * <tr><td>{@code ibv_destroy_cq()}</td><td>{@link CompletionQueue#close}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.cqe}</td><td>{@link CqInitAttributes#cqe}</td><td>the actual size is {@link CompletionQueue#cqe}</td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.cq_context}</td><td>{@link CqInitAttributes#cqContext}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.channel}</td><td>{@link CqInitAttributes#channel}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.comp_vector}</td><td>{@link CqInitAttributes#compVector}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.wc_flags}</td><td>{@link CqInitAttributes#wcFlags}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.comp_mask}</td><td>{@link CqInitAttributes#compMask}</td><td>derived from the attributes set</td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.flags}</td><td>{@link CqInitAttributes#flags}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_init_attr_ex.parent_domain}</td><td>{@link CqInitAttributes#parentDomain}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_ex.cqe (actual size)}</td><td>{@link CompletionQueue#cqe}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_BYTE_LEN}</td><td>{@link CompletionField#BYTE_LEN}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_IMM}</td><td>{@link CompletionField#IMM}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_QP_NUM}</td><td>{@link CompletionField#QP_NUM}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_SRC_QP}</td><td>{@link CompletionField#SRC_QP}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_SLID}</td><td>{@link CompletionField#SLID}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_SL}</td><td>{@link CompletionField#SL}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_DLID_PATH_BITS}</td><td>{@link CompletionField#DLID_PATH_BITS}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_COMPLETION_TIMESTAMP}</td><td>{@link CompletionField#COMPLETION_TIMESTAMP}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_CVLAN}</td><td>{@link CompletionField#CVLAN}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_FLOW_TAG}</td><td>{@link CompletionField#FLOW_TAG}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_TM_INFO}</td><td>{@link CompletionField#TM_INFO}</td><td>missing from the man page's listing, present in verbs.h</td></tr>
 * <tr><td>{@code IBV_WC_EX_WITH_COMPLETION_TIMESTAMP_WALLCLOCK}</td><td>{@link CompletionField#COMPLETION_TIMESTAMP_WALLCLOCK}</td><td></td></tr>
 * <tr><td>{@code IBV_CQ_INIT_ATTR_MASK_FLAGS}</td><td>{@link CqInitAttrMask#FLAGS}</td><td></td></tr>
 * <tr><td>{@code IBV_CQ_INIT_ATTR_MASK_PD}</td><td>{@link CqInitAttrMask#PD}</td><td></td></tr>
 * <tr><td>{@code IBV_CREATE_CQ_ATTR_SINGLE_THREADED}</td><td>{@link CqCreateFlag#SINGLE_THREADED}</td><td></td></tr>
 * <tr><td>{@code IBV_CREATE_CQ_ATTR_IGNORE_OVERRUN}</td><td>{@link CqCreateFlag#IGNORE_OVERRUN}</td><td></td></tr>
 * <tr><td>{@code ibv_start_poll()}</td><td>{@link CompletionQueue#startPoll}</td><td>{@code false} for ENOENT</td></tr>
 * <tr><td>{@code struct ibv_poll_cq_attr (start_poll's attr)}</td><td>{@link CompletionQueue#startPoll}</td><td>its only member is a reserved comp_mask, passed as 0</td></tr>
 * <tr><td>{@code ibv_next_poll()}</td><td>{@link CompletionQueue#nextPoll}</td><td>{@code false} for ENOENT</td></tr>
 * <tr><td>{@code ibv_end_poll()}</td><td>{@link CompletionQueue#endPoll}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_ex.wr_id}</td><td>{@link CompletionQueue#wrId}</td><td></td></tr>
 * <tr><td>{@code struct ibv_cq_ex.status (enum ibv_wc_status)}</td><td>{@link CompletionQueue#status}</td><td>a {@link WcStatus} value</td></tr>
 * <tr><td>{@code ibv_wc_read_opcode()}</td><td>{@link CompletionQueue#readOpcode}</td><td>a {@link WcOpcode} value</td></tr>
 * <tr><td>{@code ibv_wc_read_vendor_err()}</td><td>{@link CompletionQueue#readVendorErr}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_byte_len()}</td><td>{@link CompletionQueue#readByteLen}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_imm_data()}</td><td>{@link CompletionQueue#readImmData}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_invalidated_rkey()}</td><td>{@link CompletionQueue#readInvalidatedRkey}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_qp_num()}</td><td>{@link CompletionQueue#readQpNum}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_src_qp()}</td><td>{@link CompletionQueue#readSrcQp}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_wc_flags()}</td><td>{@link CompletionQueue#readWcFlags}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_pkey_index()}</td><td>{@link CompletionQueue#readPkeyIndex}</td><td>documented, but rdma-core has no such function: see the method</td></tr>
 * <tr><td>{@code ibv_wc_read_slid()}</td><td>{@link CompletionQueue#readSlid}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_sl()}</td><td>{@link CompletionQueue#readSl}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_dlid_path_bits()}</td><td>{@link CompletionQueue#readDlidPathBits}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_completion_ts()}</td><td>{@link CompletionQueue#readCompletionTs}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_completion_wallclock_ns()}</td><td>{@link CompletionQueue#readCompletionWallclockNs}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_cvlan()}</td><td>{@link CompletionQueue#readCvlan}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_flow_tag()}</td><td>{@link CompletionQueue#readFlowTag}</td><td></td></tr>
 * <tr><td>{@code ibv_wc_read_tm_info()}</td><td>{@link CompletionQueue#readTmInfo}</td><td></td></tr>
 * <tr><td>{@code struct ibv_wc_tm_info.tag}</td><td>{@link TmInfo#tag}</td><td></td></tr>
 * <tr><td>{@code struct ibv_wc_tm_info.priv}</td><td>{@link TmInfo#priv}</td><td></td></tr>
 * <tr><td>{@code ibv_req_notify_cq() (see also)}</td><td>{@link CompletionQueue#requestNotification}</td><td></td></tr>
 * <tr><td>{@code ibv_ack_cq_events() (see also)}</td><td>{@link CompletionQueue#ackEvents}</td><td></td></tr>
 * <tr><td>{@code ibv_alloc_parent_domain() (see also)}</td><td>{@link Context#allocateParentDomain}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">efadv_create_cq(3)</th></tr>
 * <tr><td>{@code efadv_create_cq()}</td><td>{@link Context#createCompletionQueue}</td><td>used when {@link CqInitAttributes#extraFields} is not empty, by a provider that has it (the EFA provider,
 * in progress; the soft device provides the fields itself)</td></tr>
 * <tr><td>{@code struct efadv_cq_init_attr.comp_mask}</td><td>{@link CqInitAttributes#extraFields}</td><td>always 0: no extension is defined</td></tr>
 * <tr><td>{@code struct efadv_cq_init_attr.wc_flags}</td><td>{@link CqInitAttributes#extraFields}</td><td></td></tr>
 * <tr><td>{@code inlen}</td><td>{@link Context#createCompletionQueue}</td><td>the provider passes the size of the struct it was built for</td></tr>
 * <tr><td>{@code EFADV_WC_EX_WITH_SGID}</td><td>{@link ExtraCompletionField#SOURCE_GID}</td><td></td></tr>
 * <tr><td>{@code EFADV_WC_EX_WITH_IS_UNSOLICITED}</td><td>{@link ExtraCompletionField#UNSOLICITED}</td><td></td></tr>
 * <tr><td>{@code efadv_cq_from_ibv_cq_ex()}</td><td>{@link Unwrappable#unwrap}</td><td>not needed for the portable fields, which the completion queue reads itself</td></tr>
 * <tr><td>{@code efadv_wc_read_sgid()}</td><td>{@link CompletionQueue#readSourceGid}</td><td>{@code false} for -ENOENT (address handle known) and for a completion other than IBV_WC_RECV</td></tr>
 * <tr><td>{@code efadv_wc_is_unsolicited()}</td><td>{@link CompletionQueue#readIsUnsolicited}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">ibv_get_cq_event(3), ibv_ack_cq_events(3)</th></tr>
 * <tr><td>{@code ibv_get_cq_event()}</td><td>{@link CompletionChannel#getEvent}</td><td>blocking; also with a timeout</td></tr>
 * <tr><td>{@code ibv_get_cq_event() on a non-blocking channel (O_NONBLOCK, poll(2))}</td><td>{@link CompletionChannel#tryGetEvent}</td><td></td></tr>
 * <tr><td>{@code ibv_get_cq_event() argument cq}</td><td>{@link CompletionChannel#getEvent}</td><td>the returned queue</td></tr>
 * <tr><td>{@code ibv_get_cq_event() argument cq_context}</td><td>{@link CompletionQueue#cqContext}</td><td></td></tr>
 * <tr><td>{@code ibv_ack_cq_events()}</td><td>{@link CompletionQueue#ackEvents}</td><td></td></tr>
 * <tr><td>{@code ibv_ack_cq_events() argument nevents}</td><td>{@link CompletionQueue#ackEvents}</td><td>its count</td></tr>
 * <tr><td>{@code destroy waits for all events to be acknowledged}</td><td>{@link CompletionQueue#close}</td><td></td></tr>
 * <tr><td>{@code ibv_create_comp_channel() (example)}</td><td>{@link Context#createCompletionChannel}</td><td></td></tr>
 * <tr><td>{@code ibv_req_notify_cq() (example)}</td><td>{@link CompletionQueue#requestNotification}</td><td></td></tr>
 * <tr><td>{@code ibv_poll_cq() (example)}</td><td>{@link CompletionQueue#startPoll}</td><td>the extended poll iterator replaces it</td></tr>
 * <tr><td>{@code struct ibv_comp_channel.fd}</td><td>{@link CompletionChannel#getEvent}</td><td>waiting on the descriptor is done by the timed and non-blocking forms</td></tr>
 * <tr><th scope="rowgroup" colspan="3">ibv_create_qp_ex(3), ibv_destroy_qp(3)</th></tr>
 * <tr><td>{@code ibv_create_qp_ex()}</td><td>{@link Context#createQueuePair}</td><td></td></tr>
 * <tr><td>{@code ibv_destroy_qp()}</td><td>{@link QueuePair#close}</td><td>fails with {@link BusyException} while attached to a multicast group</td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.qp_context}</td><td>{@link QpInitAttributes#qpContext}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.send_cq}</td><td>{@link QpInitAttributes#sendCq}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.recv_cq}</td><td>{@link QpInitAttributes#recvCq}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.srq}</td><td>{@link QpInitAttributes#srq}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.cap}</td><td>{@link QpInitAttributes#cap}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.qp_type}</td><td>{@link QpInitAttributes#qpType}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.sq_sig_all}</td><td>{@link QpInitAttributes#sqSigAll}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.comp_mask}</td><td>{@link QpInitAttributes#compMask}</td><td>derived from the attributes set</td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.pd}</td><td>{@link QpInitAttributes#pd}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.xrcd}</td><td>{@link QpInitAttributes#xrcDomain}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.create_flags}</td><td>{@link QpInitAttributes#createFlags}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.max_tso_header}</td><td>{@link QpInitAttributes#maxTsoHeader}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.rwq_ind_tbl}</td><td>{@link QpInitAttributes#indirectionTable}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.rx_hash_conf}</td><td>{@link QpInitAttributes#rxHashConf}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.source_qpn}</td><td>{@link QpInitAttributes#sourceQpn}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_init_attr_ex.send_ops_flags}</td><td>{@link QpInitAttributes#sendOpsFlags}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_cap.max_send_wr}</td><td>{@link QpCapabilities#maxSendWr}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_cap.max_recv_wr}</td><td>{@link QpCapabilities#maxRecvWr}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_cap.max_send_sge}</td><td>{@link QpCapabilities#maxSendSge}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_cap.max_recv_sge}</td><td>{@link QpCapabilities#maxRecvSge}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp_cap.max_inline_data}</td><td>{@link QpCapabilities#maxInlineData}</td><td></td></tr>
 * <tr><td>{@code cap updated with the actual values}</td><td>{@link QueuePair#capabilities}</td><td></td></tr>
 * <tr><td>{@code IBV_QPT_RC}</td><td>{@link QpType#RC}</td><td></td></tr>
 * <tr><td>{@code IBV_QPT_UC}</td><td>{@link QpType#UC}</td><td></td></tr>
 * <tr><td>{@code IBV_QPT_UD}</td><td>{@link QpType#UD}</td><td></td></tr>
 * <tr><td>{@code IBV_QPT_RAW_PACKET}</td><td>{@link QpType#RAW_PACKET}</td><td></td></tr>
 * <tr><td>{@code IBV_QPT_DRIVER}</td><td>{@link QpType#DRIVER}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_CREATE_BLOCK_SELF_MCAST_LB}</td><td>{@link QpCreateFlag#BLOCK_SELF_MCAST_LB}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_CREATE_SCATTER_FCS}</td><td>{@link QpCreateFlag#SCATTER_FCS}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_CREATE_CVLAN_STRIPPING}</td><td>{@link QpCreateFlag#CVLAN_STRIPPING}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_CREATE_SOURCE_QPN}</td><td>{@link QpCreateFlag#SOURCE_QPN}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_CREATE_PCI_WRITE_END_PADDING}</td><td>{@link QpCreateFlag#PCI_WRITE_END_PADDING}</td><td></td></tr>
 * <tr><td>{@code struct ibv_rx_hash_conf.rx_hash_function}</td><td>{@link RxHashConf#function}</td><td></td></tr>
 * <tr><td>{@code struct ibv_rx_hash_conf.rx_hash_key_len}</td><td>{@link RxHashConf#key}</td><td>the key's length</td></tr>
 * <tr><td>{@code struct ibv_rx_hash_conf.rx_hash_key}</td><td>{@link RxHashConf#key}</td><td></td></tr>
 * <tr><td>{@code struct ibv_rx_hash_conf.rx_hash_fields_mask}</td><td>{@link RxHashConf#fields}</td><td></td></tr>
 * <tr><td>{@code ibv_create_wq()}</td><td>{@link Context#createWorkQueue}</td><td></td></tr>
 * <tr><td>{@code struct ibv_wq_init_attr.max_wr}</td><td>{@link WqInitAttributes#maxWr}</td><td></td></tr>
 * <tr><td>{@code ibv_modify_wq()}</td><td>{@link WorkQueue#modify}</td><td></td></tr>
 * <tr><td>{@code ibv_post_wq_recv()}</td><td>{@link WorkQueue#postReceive}</td><td></td></tr>
 * <tr><td>{@code ibv_destroy_wq()}</td><td>{@link WorkQueue#close}</td><td></td></tr>
 * <tr><td>{@code ibv_create_rwq_ind_table()}</td><td>{@link Context#createIndirectionTable}</td><td>log_ind_tbl_size from the list's size</td></tr>
 * <tr><td>{@code ibv_destroy_rwq_ind_table()}</td><td>{@link RwqIndirectionTable#close}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_SRC_IPV4}</td><td>{@link RxHashField#SRC_IPV4}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_DST_IPV4}</td><td>{@link RxHashField#DST_IPV4}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_SRC_IPV6}</td><td>{@link RxHashField#SRC_IPV6}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_DST_IPV6}</td><td>{@link RxHashField#DST_IPV6}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_SRC_PORT_TCP}</td><td>{@link RxHashField#SRC_PORT_TCP}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_DST_PORT_TCP}</td><td>{@link RxHashField#DST_PORT_TCP}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_SRC_PORT_UDP}</td><td>{@link RxHashField#SRC_PORT_UDP}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_DST_PORT_UDP}</td><td>{@link RxHashField#DST_PORT_UDP}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_IPSEC_SPI}</td><td>{@link RxHashField#IPSEC_SPI}</td><td></td></tr>
 * <tr><td>{@code IBV_RX_HASH_INNER}</td><td>{@link RxHashField#INNER}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_RDMA_WRITE}</td><td>{@link SendOpsFlag#RDMA_WRITE}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_RDMA_WRITE_WITH_IMM}</td><td>{@link SendOpsFlag#RDMA_WRITE_WITH_IMM}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_SEND}</td><td>{@link SendOpsFlag#SEND}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_SEND_WITH_IMM}</td><td>{@link SendOpsFlag#SEND_WITH_IMM}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_RDMA_READ}</td><td>{@link SendOpsFlag#RDMA_READ}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_ATOMIC_CMP_AND_SWP}</td><td>{@link SendOpsFlag#ATOMIC_CMP_AND_SWP}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_ATOMIC_FETCH_AND_ADD}</td><td>{@link SendOpsFlag#ATOMIC_FETCH_AND_ADD}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_LOCAL_INV}</td><td>{@link SendOpsFlag#LOCAL_INV}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_BIND_MW}</td><td>{@link SendOpsFlag#BIND_MW}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_SEND_WITH_INV}</td><td>{@link SendOpsFlag#SEND_WITH_INV}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_EX_WITH_TSO}</td><td>{@link SendOpsFlag#TSO}</td><td></td></tr>
 * <tr><td>{@code IBV_QP_INIT_ATTR_SEND_OPS_FLAGS}</td><td>{@link QpInitAttrMask#SEND_OPS_FLAGS}</td><td></td></tr>
 * <tr><td>{@code ibv_qp_to_qp_ex()}</td><td>{@link QueuePair#sendOps}</td><td></td></tr>
 * <tr><td>{@code struct ibv_qp.qp_num}</td><td>{@link QueuePair#qpNum}</td><td></td></tr>
 * <tr><td>{@code multicast group attachment (ibv_attach_mcast)}</td><td>{@link QueuePair#attachMulticast}</td><td></td></tr>
 * <tr><th scope="rowgroup" colspan="3">ibv_post_srq_ops(3)</th></tr>
 * <tr><td>{@code ibv_post_srq_ops()}</td><td>{@link SharedReceiveQueue#postOps}</td><td></td></tr>
 * <tr><td>{@code ibv_post_srq_ops() argument bad_wr}</td><td>{@link VerbsException#failedRequest}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.wr_id}</td><td>{@link SrqOperation#wrId}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.next}</td><td>{@link SrqOperation#next}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.opcode}</td><td>{@link SrqOperation#opcode}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.flags}</td><td>{@link SrqOperation#flags}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.unexpected_cnt}</td><td>{@link SrqOperation#unexpectedCnt}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.handle}</td><td>{@link SrqOperation#handle}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.add.recv_wr_id}</td><td>{@link SrqOperation#recvWrId}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.add.sg_list}</td><td>{@link SrqOperation#sgList}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.add.num_sge}</td><td>{@link SrqOperation#sgList}</td><td>the list's size</td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.add.tag}</td><td>{@link SrqOperation#tag}</td><td></td></tr>
 * <tr><td>{@code struct ibv_ops_wr.tm.add.mask}</td><td>{@link SrqOperation#mask}</td><td></td></tr>
 * <tr><td>{@code IBV_WR_TAG_ADD}</td><td>{@link SrqOpcode#TAG_ADD}</td><td></td></tr>
 * <tr><td>{@code IBV_WR_TAG_DEL}</td><td>{@link SrqOpcode#TAG_DEL}</td><td></td></tr>
 * <tr><td>{@code IBV_WR_TAG_SYNC}</td><td>{@link SrqOpcode#TAG_SYNC}</td><td></td></tr>
 * <tr><td>{@code IBV_OPS_SIGNALED}</td><td>{@link OpsFlag#SIGNALED}</td><td></td></tr>
 * <tr><td>{@code IBV_OPS_TM_SYNC}</td><td>{@link OpsFlag#TM_SYNC}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_TM_ERR}</td><td>{@link WcStatus#TM_ERR}</td><td></td></tr>
 * <tr><td>{@code IBV_WC_TM_SYNC_REQ}</td><td>{@link WcFlag#TM_SYNC_REQ}</td><td></td></tr>
 * <tr><td>{@code max_num_tags}</td><td>{@link TmCap#maxNumTags}</td><td>device limit: {@link TagMatchingCaps#maxNumTags}</td></tr>
 * <tr><td>{@code max_sge}</td><td>{@link SrqAttributes#maxSge}</td><td>device limit: {@link TagMatchingCaps#maxSge}</td></tr>
 * <tr><td>{@code ibv_create_srq_ex() (see also)}</td><td>{@link Context#createSharedReceiveQueue}</td><td></td></tr>
 * </tbody>
 * </table>
 */
package org.verbs4j;
